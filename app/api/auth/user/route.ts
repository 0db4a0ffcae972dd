import { requireUser, toPublicUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  const { user } = await requireUser(db, request);
  return Response.json(toPublicUser(user), { headers: { 'Cache-Control': 'private, no-store' } });
});
