import { requireEntitledUser } from '@/lib/auth/viewer';
import { createLink, listLinks } from '@/lib/affiliate/links';
import { requestOrigin } from '@/lib/affiliate/urls';
import { affiliateLinkSchema } from '@/lib/affiliate/schema';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return Response.json(await listLinks(db, user.id, requestOrigin(request)), { headers: { 'Cache-Control': 'no-store' } });
});

export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const { name } = await readJson(request, affiliateLinkSchema);
  await enforceLimit('affiliateLinks', user.id, 'Too many affiliate links created. Please try again in an hour.');
  return Response.json(await createLink(db, user.id, name, requestOrigin(request)), { status: 201 });
});
