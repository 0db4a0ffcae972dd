import type { Db } from '@/lib/db';
import type { AffiliateStats } from './schema';

// Capped at 100: a visitor whose repeat clicks went uncounted can still register more than once.
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.min(100, Math.round((part / whole) * 10_000) / 100);
}

function dollars(cents: number | null): number {
  return (cents ?? 0) / 100;
}

/**
 * The affiliate dashboard's figures, from the user's own links only. A referral is a user who
 * registered through one of them; it converts with its first payment; it is active while the
 * referred user's subscription or trial runs.
 */
export async function getAffiliateStats(db: Db, userId: string, now = new Date()): Promise<AffiliateStats> {
  const ownReferral = { link: { userId } };
  const [clicks, totalReferrals, conversions, activeReferrals, earned, pending] = await Promise.all([
    db.affiliateLink.aggregate({ where: { userId }, _sum: { clicks: true } }),
    db.referral.count({ where: ownReferral }),
    db.referral.count({ where: { ...ownReferral, convertedAt: { not: null } } }),
    db.referral.count({
      where: {
        ...ownReferral,
        referredUser: {
          OR: [
            { subscriptionStatus: 'active', subscriptionEndsAt: null },
            { subscriptionStatus: { in: ['active', 'trial'] }, subscriptionEndsAt: { gt: now } },
          ],
        },
      },
    }),
    db.commission.aggregate({ where: { affiliateId: userId, status: { in: ['pending', 'paid'] } }, _sum: { amountCents: true } }),
    db.commission.aggregate({ where: { affiliateId: userId, status: 'pending' }, _sum: { amountCents: true } }),
  ]);
  return {
    totalReferrals,
    activeReferrals,
    totalCommissions: dollars(earned._sum.amountCents),
    pendingCommissions: dollars(pending._sum.amountCents),
    conversionRate: percent(conversions, totalReferrals),
    clickThroughRate: percent(totalReferrals, clicks._sum.clicks ?? 0),
  };
}
