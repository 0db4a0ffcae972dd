import { completePasswordStep, checkCredentials, grantBetaFromRequest } from '@/lib/auth/accounts';
import { loginSchema } from '@/lib/auth/schema';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const input = await readJson(request, loginSchema);
  const user = await grantBetaFromRequest(db, await checkCredentials(db, input, request), request);
  return completePasswordStep(db, user, request, 200);
});
