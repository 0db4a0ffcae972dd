'use client';

import { useLinkStatus } from 'next/link';
import { Spinner } from '@/components/ui/spinner';

/**
 * Placed inside a navigation <Link>: a small spinner while the screen it opens renders on the server
 * (every main screen is dynamic), so a click on a slow connection is answered at once.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return pending ? <Spinner className="ml-1.5 inline size-3.5 align-[-2px]" aria-label="Loading" /> : null;
}
