'use client';

import { ErrorFallback } from '@/components/errors/error-fallback';

export default function ErrorBoundary(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorFallback {...props} />;
}
