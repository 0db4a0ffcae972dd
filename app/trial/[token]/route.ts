import { NextResponse } from 'next/server';
import { trialUnavailablePath, type TrialFailure } from '@/lib/affiliate/schema';
import { checkInfluencerTrial, redeemInfluencerTrial } from '@/lib/affiliate/trials';
import { requestOrigin } from '@/lib/affiliate/urls';
import { cookieOptions, trialCookie } from '@/lib/http/cookies';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';

// Long enough to pass the beta gate and fill in the form, short enough not to linger.
const pendingTrialMaxAgeSeconds = 60 * 60;

function redirectTo(request: Request, path: string) {
  const response = NextResponse.redirect(new URL(path, requestOrigin(request)));
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

function refuse(request: Request, reason: TrialFailure) {
  return redirectTo(request, trialUnavailablePath(reason));
}

/**
 * An influencer trial link. A signed-in visitor redeems it here and lands on /dashboard. A
 * signed-out one gets a one-hour httpOnly cookie holding the token (read only by registration,
 * which redeems it for the new account) and is sent to /register. Any refusal lands on
 * /trial/unavailable?reason=<reason>, which explains it to a visitor in any access state.
 */
export async function GET(request: Request, context: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await context.params;
    const { user } = await viewerFromRequest(db, request);
    if (!user) {
      const failure = await checkInfluencerTrial(db, token);
      if (failure) return refuse(request, failure);
      const response = redirectTo(request, '/register');
      response.cookies.set(trialCookie, token, cookieOptions(request, pendingTrialMaxAgeSeconds, '/api/auth'));
      return response;
    }
    const outcome = await redeemInfluencerTrial(db, user.id, token);
    return outcome === 'redeemed' ? redirectTo(request, '/dashboard') : refuse(request, outcome);
  } catch (error) {
    console.error('[affiliate] trial link failed', error);
    return refuse(request, 'error');
  }
}
