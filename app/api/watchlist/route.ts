import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';
import { watchlistBodySchema } from '@/lib/signals/schema';
import { addToWatchlist, listWatchlist } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The caller's own watchlist. */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return Response.json(await listWatchlist(db, user.id), { headers: { 'Cache-Control': 'private, no-store' } });
});

/** Adds a signal: 201 when new, 200 with the existing entry when it was already watched. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const body = await readJson(request, watchlistBodySchema);
  const { entry, created } = await addToWatchlist(db, user.id, body);
  return Response.json(entry, { status: created ? 201 : 200 });
});
