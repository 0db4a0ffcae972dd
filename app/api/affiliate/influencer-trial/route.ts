import { requireEntitledUser } from '@/lib/auth/viewer';
import { createInfluencerTrial } from '@/lib/affiliate/trials';
import { requestOrigin, trialLinkUrl } from '@/lib/affiliate/urls';
import { route } from '@/lib/http/route';
import { enforceRateLimit } from '@/lib/rate-limit';

const influencerTrialsPerDay = 10;

// Spec 000 §6: any user who reaches /affiliate may generate trial links, so the daily cap is what stops one
// account from minting free access in bulk.
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(request);
  await enforceRateLimit(
    `influencer-trial:${user.id}`,
    influencerTrialsPerDay,
    24 * 60 * 60 * 1000,
    `You can create up to ${influencerTrialsPerDay} influencer trial links per day. Please try again tomorrow.`,
  );
  const token = await createInfluencerTrial(user.id);
  return Response.json({ trialLink: trialLinkUrl(requestOrigin(request), token) }, { status: 201 });
});
