import { db } from '@/lib/db';
import { clientErrorSchema } from '@/lib/errors/schema';
import { recordClientError } from '@/lib/errors/service';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

// Open to signed-out visitors on purpose: a page can fail before anyone signs in.
export const POST = route(async (request) => {
  await enforceLimit('clientErrors', clientIp(request), 'Too many error reports. Please try again later.');
  const input = await readJson(request, clientErrorSchema, 16 * 1024);
  const report = await recordClientError(db, input, request.headers.get('user-agent'));
  return Response.json({ referenceId: report.referenceId }, { status: 201 });
});
