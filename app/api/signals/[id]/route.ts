import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getSignalDetail } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** One signal with its company, the similar and same-sector counts, and whether the caller watches it. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  return privateJson(await getSignalDetail(db, id, user.id));
});
