import { after } from 'next/server';

/**
 * Hands work that is already running to Next's `after()`, so it outlives the response by design: the
 * server keeps the request's lifetime open until it settles (waitUntil on hosts that end a function
 * with its response, graceful shutdown under `next start` and server.ts) and reports its failure.
 *
 * `after()` throws when there is no request scope — a route handler called directly, as the
 * integration tests call them. There is no response to outlive there, and the work, already
 * started, simply runs on in this process; any other failure of `after()` is the caller's to see.
 */
export function afterResponse(work: Promise<unknown>): void {
  try {
    after(work);
  } catch (error) {
    if (!isOutsideRequestScope(error)) throw error;
  }
}

function isOutsideRequestScope(error: unknown): boolean {
  return error instanceof Error && error.message.includes('outside a request scope');
}
