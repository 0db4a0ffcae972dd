import { requireUser, toPublicUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  const { user } = await requireUser(db, request);
  return privateJson(toPublicUser(user));
});
