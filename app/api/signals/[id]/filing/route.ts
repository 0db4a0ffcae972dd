import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getSignalFiling } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** The SEC filing behind a signal: form, date, items, accession number and document link. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  await requireEntitledUser(db, request);
  const { id } = await params;
  return privateJson(await getSignalFiling(db, id));
});
