import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { readIngestConfig } from '@/lib/data-sources/config';
import { runIngest } from '@/lib/ingest/run';
import { recomputeOnly, manualRefresh, type RefreshWork } from '@/lib/dashboard/refresh';

export const dynamic = 'force-dynamic';

/** Runs every source now (when ingest is enabled), then recomputes the metrics. */
const ingestAndRecompute: RefreshWork = async (database) => {
  if (!readIngestConfig().enabled) return recomputeOnly(database);
  const results = await runIngest(database, { kind: 'manual' });
  const recomputed = await recomputeOnly(database);
  const summary = results.map((result) => `${result.source}: ${result.status}${result.itemsAdded ? ` (+${result.itemsAdded})` : ''}`).join('; ');
  return { itemsAdded: results.reduce((sum, result) => sum + result.itemsAdded, 0), message: `${summary}. ${recomputed.message}` };
};

/** A manual refresh (no body): 100 per user per day, then 429 with the message the dashboard shows. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const result = await manualRefresh(db, user.id, ingestAndRecompute);
  return Response.json({ message: result.message, itemsAdded: result.itemsAdded, refreshStats: result.refreshStats, ...result.refreshStats });
});
