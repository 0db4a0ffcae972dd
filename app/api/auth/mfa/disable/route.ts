import { NextResponse } from 'next/server';
import { mfaDisableSchema } from '@/lib/auth/schema';
import { disableMfa } from '@/lib/auth/service-mfa';
import { signIn } from '@/lib/auth/session';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const { user, session } = await requireUser(db, request);
  const input = await readJson(request, mfaDisableSchema);
  await disableMfa(db, session, input.verificationCode);
  const response = NextResponse.json({ success: true, message: 'Two-factor authentication disabled' });
  await signIn(db, response, user.id, request);
  return response;
});
