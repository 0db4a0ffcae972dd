import { NextResponse } from 'next/server';
import { isValidBetaCode, issueBetaToken } from '@/lib/auth/beta';
import { betaCookie, betaMaxAgeSeconds, betaResetCookie, cookieOptions } from '@/lib/http/cookies';
import { betaCodeSchema } from '@/lib/auth/schema';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

const invalidBetaCodeMessage = 'Please check your invitation code and try again.';

export const POST = route(async (request) => {
  await enforceLimit('betaVerify', clientIp(request), 'Too many attempts. Please wait a few minutes and try again.');
  const input = await readJson(request, betaCodeSchema);
  if (!isValidBetaCode(input.code)) return Response.json({ valid: false, message: invalidBetaCodeMessage }, { status: 400 });
  const response = NextResponse.json({ valid: true });
  response.cookies.set(betaCookie, issueBetaToken(input.code), cookieOptions(request, betaMaxAgeSeconds));
  response.cookies.set(betaResetCookie, '', cookieOptions(request, 0));
  const { user } = await viewerFromRequest(db, request);
  if (user && !user.betaAccess) await db.user.update({ where: { id: user.id }, data: { betaAccess: true } });
  return response;
});
