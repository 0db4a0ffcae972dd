import { betaGateEnabled } from '@/lib/auth/beta';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  const viewer = await viewerFromRequest(db, request);
  return Response.json({ granted: viewer.betaPassed, gateEnabled: betaGateEnabled() });
});
