import { userRoute } from '@/lib/auth/route';
import { db } from '@/lib/db';
import { privateJson, readJson } from '@/lib/http/route';
import { notificationPreferencesSchema } from '@/lib/notifications/schema';
import { getNotificationPreferences, updateNotificationPreferences } from '@/lib/notifications/service-preferences';

export const dynamic = 'force-dynamic';

/** The caller's notification preferences: digest, and the delivery of each alert rule and report schedule. */
export const GET = userRoute(db, async ({ user }) => privateJson(await getNotificationPreferences(db, user.id)));

export const PUT = userRoute(db, async ({ user }, request) => {
  const input = await readJson(request, notificationPreferencesSchema);
  return Response.json(await updateNotificationPreferences(db, user.id, input));
});
