import { entitledRoute } from '@/lib/auth/route';
import { db } from '@/lib/db';
import { privateJson, readJson } from '@/lib/http/route';
import { alertBodySchema } from '@/lib/signals/schema';
import { createAlert, listAlerts } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The caller's own alert rules. */
export const GET = entitledRoute(db, async ({ user }) => privateJson(await listAlerts(db, user.id)));

/** Signal notifications or price movement alerts for a company: 201 when new, 200 when updated. */
export const POST = entitledRoute(db, async ({ user }, request) => {
  const { rule, created } = await createAlert(db, user.id, await readJson(request, alertBodySchema));
  return Response.json(rule, { status: created ? 201 : 200 });
});
