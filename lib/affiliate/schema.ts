import { z } from 'zod';
import { boundedText } from '@/lib/validation/fields';

// Shapes shared by the affiliate route handlers and the /affiliate page.

export const affiliateLinkSchema = z.object({ name: boundedText('Please enter a link name', 100) });

export const linkStatusSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/** Money in dollars, rates in percent (0-100, two decimals). */
export interface AffiliateStats {
  totalReferrals: number;
  activeReferrals: number;
  totalCommissions: number;
  pendingCommissions: number;
  conversionRate: number;
  clickThroughRate: number;
}

export interface AffiliateLinkDto {
  id: string;
  name: string;
  code: string;
  url: string;
  clicks: number;
  conversions: number;
  isActive: boolean;
  createdAt: string;
}

export interface InfluencerTrialResponse {
  trialLink: string;
}

/** Why a trial link did not apply; /trial/{token} redirects to trialUnavailablePath(reason). */
export const trialFailureMessages = {
  invalid: 'This trial link is not valid. Check that you opened the whole link.',
  expired: 'This trial link has expired. Trial links are valid for 7 days; ask for a new one.',
  used: 'This trial link has already been used. Each trial link works once.',
  own: 'You created this trial link, so you cannot redeem it yourself. Share it with the influencer it is meant for.',
  subscribed: 'Your account already has an active subscription, so the trial was not applied. The link is still unused.',
  'already-redeemed': 'Your account has already redeemed an influencer trial. Each account can redeem one.',
  error: 'We could not open this trial link. Please try again.',
} as const;

export type TrialFailure = keyof typeof trialFailureMessages;

export function isTrialFailure(value: unknown): value is TrialFailure {
  return typeof value === 'string' && Object.hasOwn(trialFailureMessages, value);
}

export function trialUnavailablePath(reason: TrialFailure): string {
  return `/trial/unavailable?reason=${reason}`;
}
