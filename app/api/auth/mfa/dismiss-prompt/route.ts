import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  await db.user.update({ where: { id: user.id }, data: { mfaPromptDismissed: true } });
  return Response.json({ promptDismissed: true });
});
