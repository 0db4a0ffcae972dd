import { completePasswordStep, checkCredentials, grantBetaFromRequest } from '@/lib/auth/accounts';
import { loginSchema } from '@/lib/auth/schemas';
import { readJson, route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const input = await readJson(request, loginSchema);
  const user = await grantBetaFromRequest(await checkCredentials(input, request), request);
  return completePasswordStep(user, request, 200);
});
