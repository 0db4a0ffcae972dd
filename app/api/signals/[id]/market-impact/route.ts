import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getMarketImpact } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The market analysis result of spec 001 §3, computed from stored prices (docs/metrics.md). */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  await requireEntitledUser(db, request);
  const { id } = await params;
  return privateJson(await getMarketImpact(db, id));
});
