import { requireEntitledUser } from '@/lib/auth/viewer';
import { limitChat, chatBodyLimitBytes } from '@/lib/chat/limits';
import { chatMessageSchema } from '@/lib/chat/schema';
import { analyzeCompany } from '@/lib/chat/service';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** A company's analysis (spec 001 §7): analysis and companyInfo; 404 with the spec's message when no company is identifiable. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const { message } = await readJson(request, chatMessageSchema, chatBodyLimitBytes);
  await limitChat(user.id);
  return Response.json(await analyzeCompany(db, message), { headers: { 'Cache-Control': 'private, no-store' } });
});
