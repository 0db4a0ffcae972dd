import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import type { Db } from '@/lib/db';
import { decideRoute } from './access';
import { resolveViewer, type Viewer } from './viewer';

/** The viewer of the page being rendered, resolved once per request. */
export const getPageViewer = cache(async (db: Db): Promise<Viewer> => {
  const jar = await cookies();
  return resolveViewer(db, (name) => jar.get(name)?.value);
});

/**
 * Applies the access table to a page: redirects to /login or /subscription, or renders 404. Returns
 * null while the beta gate is closed (the root layout shows the gate instead of the page).
 */
export async function guardPage(db: Db, pathname: string): Promise<Viewer | null> {
  const viewer = await getPageViewer(db);
  if (!viewer.betaPassed) return null;
  const decision = decideRoute(viewer.state, pathname);
  if (decision.kind === 'redirect') redirect(decision.to);
  if (decision.kind === 'not-found') notFound();
  return viewer;
}
