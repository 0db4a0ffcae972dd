'use client';

import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it (or after `timeoutMs` at
 * the latest). Reads that the first screen of a phone does not need — the signal panel below the
 * fold, the health check's poll, the two-factor prompt — start then, each in its own task, instead
 * of all inside the task that runs the page's effects after hydration (issue 15: on a mid-range
 * phone that one task blocked input for a few hundred milliseconds).
 */
export function useAfterIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(handle);
  }, [timeoutMs]);
  return idle;
}
