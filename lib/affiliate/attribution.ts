import { readCookie, referralCookie, trialCookie } from '@/lib/http/cookies';
import type { Db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/errors';
import { findActiveLink } from './links';
import { redeemInfluencerTrial } from './trials';

async function createReferral(db: Db, userId: string, code: string) {
  const link = await findActiveLink(db, code);
  if (!link || link.userId === userId) return;
  if (await db.referral.findUnique({ where: { referredUserId: userId }, select: { id: true } })) return;
  try {
    await db.$transaction([
      db.referral.create({ data: { linkId: link.id, referredUserId: userId } }),
      db.user.update({ where: { id: userId }, data: { referredByLinkId: link.id } }),
    ]);
  } catch (error) {
    // A concurrent attribution of the same user already won; a user is referred once.
    if (!isUniqueViolation(error)) throw error;
  }
}

/**
 * Called right after an account is created. The cookie set by /r/{code} makes the user a referral
 * of that link (unless the link is inactive or the user's own); the cookie set by /trial/{token}
 * for a signed-out visitor redeems that trial. Neither may fail the registration itself.
 */
export async function attributeRegistration(db: Db, userId: string, request: Request): Promise<void> {
  const header = request.headers.get('cookie');
  const code = readCookie(header, referralCookie);
  const trialToken = readCookie(header, trialCookie);
  if (code) {
    await createReferral(db, userId, code).catch((error: unknown) => console.error('[affiliate] referral attribution failed', error));
  }
  if (trialToken) {
    await redeemInfluencerTrial(db, userId, trialToken).catch((error: unknown) => console.error('[affiliate] trial redemption failed', error));
  }
}
