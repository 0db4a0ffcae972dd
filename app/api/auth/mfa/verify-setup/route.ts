import { mfaVerifySetupSchema } from '@/lib/auth/schema';
import { confirmMfaSetup } from '@/lib/auth/service-mfa';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const { user } = await requireUser(db, request);
  const input = await readJson(request, mfaVerifySetupSchema);
  const backupCodes = await confirmMfaSetup(db, user, input, clientIp(request));
  if (!backupCodes) return Response.json({ success: false, message: 'Invalid verification code' });
  return Response.json({ success: true, backupCodes }, { headers: { 'Cache-Control': 'no-store' } });
});
