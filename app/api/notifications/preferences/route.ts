import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';
import { notificationPreferencesSchema } from '@/lib/notifications/schema';
import { getNotificationPreferences, updateNotificationPreferences } from '@/lib/notifications/service-preferences';

export const dynamic = 'force-dynamic';

/** The caller's notification preferences: digest, and the delivery of each alert rule and report schedule. */
export const GET = route(async (request) => {
  const { user } = await requireUser(db, request);
  return Response.json(await getNotificationPreferences(db, user.id), { headers: { 'Cache-Control': 'private, no-store' } });
});

export const PUT = route(async (request) => {
  const { user } = await requireUser(db, request);
  const input = await readJson(request, notificationPreferencesSchema);
  return Response.json(await updateNotificationPreferences(db, user.id, input));
});
