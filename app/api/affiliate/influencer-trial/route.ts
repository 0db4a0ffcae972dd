import { requireEntitledUser } from '@/lib/auth/viewer';
import { createInfluencerTrial } from '@/lib/affiliate/trials';
import { requestOrigin, trialLinkUrl } from '@/lib/affiliate/urls';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

// Spec 000 §6: any user who reaches /affiliate may generate trial links, so the daily cap is what stops one
// account from minting free access in bulk.
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  await enforceLimit('influencerTrials', user.id, (limit) => `You can create up to ${limit} influencer trial links per day. Please try again tomorrow.`);
  const token = await createInfluencerTrial(db, user.id);
  return Response.json({ trialLink: trialLinkUrl(requestOrigin(request), token) }, { status: 201 });
});
