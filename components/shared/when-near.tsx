'use client';

import { useNearViewport } from '@/components/dashboard/use-near-viewport';

/**
 * Mounts `children` once this place comes within `margin` of the viewport, `fallback` until then:
 * for parts below a phone's first screen whose code (charts) is costly to load and run.
 */
export function WhenNear({ children, fallback, margin = '0px' }: { children: React.ReactNode; fallback: React.ReactNode; margin?: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(margin);
  return <div ref={ref}>{near ? children : fallback}</div>;
}
