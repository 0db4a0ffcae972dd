import { requireEntitledUser } from '@/lib/auth/viewer';
import { setLinkActive } from '@/lib/affiliate/links';
import { linkStatusSchema } from '@/lib/affiliate/schema';
import { requestOrigin } from '@/lib/affiliate/urls';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';

export const PATCH = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  const { isActive } = await readJson(request, linkStatusSchema);
  return Response.json(await setLinkActive(db, user.id, id, isActive, requestOrigin(request)));
});
