import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { findVisibleReport } from '@/lib/reports/service';

export const dynamic = 'force-dynamic';

export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  return Response.json(await findVisibleReport(db, user.id, id), { headers: { 'Cache-Control': 'private, no-store' } });
});
