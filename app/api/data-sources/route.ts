import { isAdmin } from '@/lib/auth/admin';
import { requireEntitledUser } from '@/lib/auth/viewer';
import { listDataSources } from '@/lib/data-sources/repository';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** The data-sources catalogue (spec 001 §3) with signal counts from the stored signals; error texts for admins only. */
export const GET = route(async (request) => {
  const viewer = await requireEntitledUser(db, request);
  return privateJson(await listDataSources(db, { admin: isAdmin(viewer) }));
});
