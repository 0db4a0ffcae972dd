import { dismissMfaPrompt } from '@/lib/auth/service-mfa';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const { user } = await requireUser(db, request);
  await dismissMfaPrompt(db, user.id);
  return Response.json({ promptDismissed: true });
});
