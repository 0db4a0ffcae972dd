'use client';

import { AlertTriangle, Home, RefreshCw, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { reportClientError } from '@/lib/errors/client';
import { errorReferenceId } from '@/lib/errors/reference-id';

interface Props {
  error: Error & { digest?: string };
  reset: () => void;
}

// Plain elements and classes only: this screen must render even when the failure is in shared UI.
export function ErrorFallback({ error, reset }: Props) {
  const [referenceId] = useState(() => errorReferenceId());
  const unavailable = useServiceUnavailable();

  useEffect(() => {
    reportClientError({
      referenceId,
      message: error.message || 'Unknown error',
      stack: error.stack?.slice(0, 8000),
      digest: error.digest,
      url: window.location.href.slice(0, 2000),
    });
  }, [error, referenceId]);

  const button =
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 text-center">
      <AlertTriangle className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{unavailable ? 'We’ll be right back' : 'Something went wrong'}</h1>
      <p className="text-muted-foreground">
        {unavailable
          ? 'The service is briefly unavailable. This page reloads by itself as soon as it is back.'
          : 'We encountered an unexpected error while loading this part of the application. This has been automatically reported to our development team.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" onClick={reset} className={`${button} bg-primary text-primary-foreground hover:bg-primary/90`}>
          <RotateCcw className="size-4" aria-hidden="true" /> Try Again
        </button>
        <button type="button" onClick={() => window.location.reload()} className={`${button} border hover:bg-accent`}>
          <RefreshCw className="size-4" aria-hidden="true" /> Reload Page
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load on purpose: after a crash (even of the root layout) the client state cannot be trusted, so Go Home starts afresh */}
        <a href="/" className={`${button} border hover:bg-accent`}>
          <Home className="size-4" aria-hidden="true" /> Go Home
        </a>
      </div>
      <p className="text-sm text-muted-foreground">
        If this error persists, please contact support with error ID: <code className="font-mono text-foreground">{referenceId}</code>
      </p>
    </div>
  );
}

const healthRecheckMs = 5_000;

/**
 * Whether the server says it is briefly out of service (GET /api/health answers 503 while the database is
 * out of reach): the page that failed then waits for it, and reloads once the server answers again.
 */
function useServiceUnavailable(): boolean {
  const [unavailable, setUnavailable] = useState(false);
  const wasUnavailable = useRef(false);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      let status = 0;
      try {
        status = (await fetch('/api/health', { cache: 'no-store' })).status;
      } catch {
        status = 503;
      }
      if (stopped) return;
      if (status === 503) {
        wasUnavailable.current = true;
        setUnavailable(true);
        timer = setTimeout(() => void check(), healthRecheckMs);
      } else if (wasUnavailable.current) window.location.reload();
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return unavailable;
}
