import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { findVisibleReport } from '@/lib/reports/service';

export const dynamic = 'force-dynamic';

export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  return privateJson(await findVisibleReport(db, user.id, id));
});
