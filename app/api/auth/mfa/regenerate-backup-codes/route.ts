import { regenerateBackupCodes } from '@/lib/auth/service-mfa';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const { user } = await requireUser(db, request);
  return Response.json({ backupCodes: await regenerateBackupCodes(db, user) }, { headers: { 'Cache-Control': 'no-store' } });
});
