import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getSignalSummary } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The Signals screen's header and four counters, over the active-signal window. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  return privateJson(await getSignalSummary(db));
});
