import type { Db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/errors';
import { commissionCents } from './program';

/**
 * Books the referrer's share of a payment by a referred user: the first payment converts the
 * referral, and every payment (the commission is recurring) earns a pending commission.
 * `paymentRef` identifies the payment at the provider; a replayed payment event books nothing new.
 * Returns the commission, or null when the user was not referred.
 */
export async function recordReferralPayment(db: Db, userId: string, paymentRef: string, amountCents: number) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
  const referral = await db.referral.findUnique({ where: { referredUserId: userId }, include: { link: { select: { userId: true } } } });
  if (!referral) return null;
  const existing = await db.commission.findUnique({ where: { paymentRef } });
  if (existing) return existing;
  const now = new Date();
  try {
    const [commission] = await db.$transaction([
      db.commission.create({
        data: { referralId: referral.id, affiliateId: referral.link.userId, paymentRef, amountCents: commissionCents(amountCents) },
      }),
      db.referral.updateMany({ where: { id: referral.id, convertedAt: null }, data: { convertedAt: now } }),
    ]);
    return commission;
  } catch (error) {
    // The same payment event delivered twice at once: the first delivery booked it.
    if (!isUniqueViolation(error)) throw error;
    return db.commission.findUniqueOrThrow({ where: { paymentRef } });
  }
}
