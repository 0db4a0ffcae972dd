import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { getSignalDetail } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** One signal with its company, the similar and same-sector counts, and whether the caller watches it. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  return Response.json(await getSignalDetail(db, id, user.id), { headers: { 'Cache-Control': 'private, no-store' } });
});
