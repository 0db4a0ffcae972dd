import { betaRequestSchema } from '@/lib/auth/schema';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

export const POST = route(async (request) => {
  const ip = clientIp(request);
  await enforceLimit('betaRequest', ip, 'Too many requests from this address. Please try again later.');
  const { email } = await readJson(request, betaRequestSchema);
  const existing = await db.betaRequest.findFirst({ where: { email }, select: { id: true } });
  if (!existing) await db.betaRequest.create({ data: { email, ip } });
  return Response.json({ success: true, message: "We'll review your request and send an invitation if approved." }, { status: 201 });
});
