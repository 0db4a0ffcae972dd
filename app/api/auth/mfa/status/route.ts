import { remainingBackupCodes } from '@/lib/auth/mfa';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  const { user } = await requireUser(db, request);
  return Response.json({
    enabled: user.mfaEnabled,
    backupCodesRemaining: user.mfaEnabled ? await remainingBackupCodes(db, user.id) : 0,
    promptDismissed: user.mfaPromptDismissed,
  });
});
