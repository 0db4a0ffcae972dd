import { NextResponse } from 'next/server';
import { betaCookie, betaMaxAgeSeconds, betaResetCookie, cookieOptions } from '@/lib/http/cookies';
import { route } from '@/lib/http/route';

/** `?reset=true` (spec 000 §4): forget this browser's beta access so the gate shows again. */
export const POST = route(async (request) => {
  const response = NextResponse.json({ success: true });
  response.cookies.set(betaCookie, '', cookieOptions(request, 0));
  response.cookies.set(betaResetCookie, '1', cookieOptions(request, betaMaxAgeSeconds));
  return response;
});
