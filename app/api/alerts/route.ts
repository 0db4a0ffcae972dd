import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';
import { alertBodySchema } from '@/lib/signals/schema';
import { createAlert, listAlerts } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The caller's own alert rules. */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return Response.json(await listAlerts(db, user.id), { headers: { 'Cache-Control': 'private, no-store' } });
});

/** Signal notifications or price movement alerts for a company: 201 when new, 200 when updated. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const body = await readJson(request, alertBodySchema);
  const { rule, created } = await createAlert(db, user.id, body);
  return Response.json(rule, { status: created ? 201 : 200 });
});
