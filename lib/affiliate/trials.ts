import { randomToken, sha256 } from '@/lib/crypto';
import type { Db } from '@/lib/db';
import { trialDays, trialTier } from './program';
import type { TrialFailure } from './schema';

const dayMs = 24 * 60 * 60 * 1000;
const tokenPattern = /^[A-Za-z0-9_-]{32,128}$/;

/** A new single-use trial link token; only its hash is stored. */
export async function createInfluencerTrial(db: Db, creatorId: string, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.influencerTrial.create({ data: { tokenHash: sha256(token), creatorId, expiresAt: new Date(now.getTime() + trialDays * dayMs) } });
  return token;
}

type FoundTrial = { trial: { id: string; creatorId: string } } | { failure: 'invalid' | 'used' | 'expired' };

async function findTrial(db: Db, token: string, now: Date): Promise<FoundTrial> {
  if (!tokenPattern.test(token)) return { failure: 'invalid' };
  const trial = await db.influencerTrial.findUnique({ where: { tokenHash: sha256(token) } });
  if (!trial) return { failure: 'invalid' };
  if (trial.redeemedAt) return { failure: 'used' };
  if (trial.expiresAt <= now) return { failure: 'expired' };
  return { trial };
}

/** Why the token cannot be redeemed by anyone, or null while it still can. */
export async function checkInfluencerTrial(db: Db, token: string, now = new Date()): Promise<TrialFailure | null> {
  const found = await findTrial(db, token, now);
  return 'failure' in found ? found.failure : null;
}

interface SubscriptionFields {
  subscriptionStatus: string;
  subscriptionEndsAt: Date | null;
}

/** A running paid subscription, or a trial lasting at least as long as this one would. */
function outlasts(user: SubscriptionFields, trialEndsAt: Date, now: Date): boolean {
  const endsAt = user.subscriptionEndsAt;
  if (user.subscriptionStatus === 'active') return endsAt === null || endsAt > now;
  return user.subscriptionStatus === 'trial' && endsAt !== null && endsAt >= trialEndsAt;
}

/**
 * Redeems a trial link for `userId`: once per link, never by its creator, at most one influencer
 * trial per account (the trial is not transferable), and never at the expense of a longer paid
 * subscription or trial. Grants `trialDays` of the Professional tier.
 */
export async function redeemInfluencerTrial(db: Db, userId: string, token: string, now = new Date()): Promise<'redeemed' | TrialFailure> {
  const found = await findTrial(db, token, now);
  if ('failure' in found) return found.failure;
  const { trial } = found;
  if (trial.creatorId === userId) return 'own';
  const user = await db.user.findUnique({ where: { id: userId }, select: { subscriptionStatus: true, subscriptionEndsAt: true } });
  if (!user) return 'invalid';
  const trialEndsAt = new Date(now.getTime() + trialDays * dayMs);
  if (outlasts(user, trialEndsAt, now)) return 'subscribed';
  if ((await db.influencerTrial.count({ where: { redeemedById: userId } })) > 0) return 'already-redeemed';
  return db.$transaction(async (tx) => {
    // The conditional update claims the link: of two concurrent redemptions only one matches.
    const claimed = await tx.influencerTrial.updateMany({
      where: { id: trial.id, redeemedAt: null, expiresAt: { gt: now } },
      data: { redeemedById: userId, redeemedAt: now },
    });
    if (claimed.count === 0) return 'used' as const;
    await tx.user.update({ where: { id: userId }, data: { subscriptionStatus: 'trial', subscriptionTier: trialTier, subscriptionEndsAt: trialEndsAt } });
    return 'redeemed' as const;
  });
}
