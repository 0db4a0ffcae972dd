import type { ClientErrorInput } from './schema';

/**
 * Reports a crash to the server, fire and forget. A plain fetch, not react-query: the error screen
 * also replaces the root layout (app/global-error.tsx), where no QueryClientProvider exists.
 */
export function reportClientError(report: ClientErrorInput) {
  void fetch('/api/client-errors', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}
