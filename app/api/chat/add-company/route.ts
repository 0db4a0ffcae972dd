import { requireEntitledUser } from '@/lib/auth/viewer';
import { limitAddCompany, chatBodyLimitBytes } from '@/lib/chat/limits';
import { addCompanySchema } from '@/lib/chat/schema';
import { addCompany } from '@/lib/chat/service';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** Adds a company to tracking from the assistant (spec 001 §7): 201 with the company; 409 when it is already tracked. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const input = await readJson(request, addCompanySchema, chatBodyLimitBytes);
  await limitAddCompany(user.id);
  return Response.json(await addCompany(db, user.id, input), { status: 201 });
});
