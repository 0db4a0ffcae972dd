import type { ReactNode } from 'react';

/**
 * The technical detail behind a source's state (raw error, settings), one click away. Rendered only
 * for admins: callers receive the text from the server only when the viewer is one.
 */
export function TechnicalDetail({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <details className="min-w-0 text-xs text-muted-foreground" data-testid={testId}>
      <summary className="cursor-pointer font-medium text-foreground">Technical detail (admins)</summary>
      <p className="mt-1 font-mono wrap-anywhere whitespace-pre-wrap">{children}</p>
    </details>
  );
}
