import { NextResponse } from 'next/server';
import { mfaDisableMarker, mfaDisableSchema } from '@/lib/auth/schemas';
import { revokeAllSessions, signIn } from '@/lib/auth/session';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readJson, route } from '@/lib/http/route';

/** How long a passed verification dialog authorises disabling 2FA in the same session. */
const confirmationWindowMs = 5 * 60 * 1000;

export const POST = route(async (request) => {
  const { user, session } = await requireUser(request);
  const input = await readJson(request, mfaDisableSchema);
  if (!user.mfaEnabled) throw new AppError('validation_failed', 'Two-factor authentication is not enabled.');
  const confirmed = session.mfaConfirmedAt && Date.now() - session.mfaConfirmedAt.getTime() <= confirmationWindowMs;
  if (input.verificationCode !== mfaDisableMarker || !confirmed) {
    throw new AppError('forbidden', 'Please verify your identity with a current code before disabling two-factor authentication.');
  }
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: null, mfaEnabledAt: null },
    }),
    db.backupCode.deleteMany({ where: { userId: user.id } }),
  ]);
  await revokeAllSessions(user.id);
  const response = NextResponse.json({ success: true, message: 'Two-factor authentication disabled' });
  await signIn(response, user.id, request);
  return response;
});
