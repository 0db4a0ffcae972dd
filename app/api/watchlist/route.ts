import { entitledRoute } from '@/lib/auth/route';
import { db } from '@/lib/db';
import { privateJson, readJson } from '@/lib/http/route';
import { watchlistBodySchema } from '@/lib/signals/schema';
import { addToWatchlist, listWatchlist } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The caller's own watchlist. */
export const GET = entitledRoute(db, async ({ user }) => privateJson(await listWatchlist(db, user.id)));

/** Adds a signal: 201 when new, 200 with the existing entry when it was already watched. */
export const POST = entitledRoute(db, async ({ user }, request) => {
  const { entry, created } = await addToWatchlist(db, user.id, await readJson(request, watchlistBodySchema));
  return Response.json(entry, { status: created ? 201 : 200 });
});
