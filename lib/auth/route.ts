import type { Db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { requireEntitledUser, requireUser } from './viewer';

type SignedIn = Awaited<ReturnType<typeof requireUser>>;
type Entitled = Awaited<ReturnType<typeof requireEntitledUser>>;
type CallerHandler<Caller, Context> = (caller: Caller, request: Request, context: Context) => Promise<Response>;

/** A route handler (lib/http/route.ts) for a signed-in caller: 401 before the handler runs otherwise. */
export function userRoute<Context = unknown>(db: Db, handler: CallerHandler<SignedIn, Context>) {
  return route<Context>(async (request, context) => handler(await requireUser(db, request), request, context));
}

/** A route handler for a caller with an active subscription, a trial or the beta flag: 401, else 403. */
export function entitledRoute<Context = unknown>(db: Db, handler: CallerHandler<Entitled, Context>) {
  return route<Context>(async (request, context) => handler(await requireEntitledUser(db, request), request, context));
}
