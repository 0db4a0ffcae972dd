import { requireEntitledUser } from '@/lib/auth/viewer';
import { limitChat, chatBodyLimitBytes } from '@/lib/chat/limits';
import { chatMessageSchema } from '@/lib/chat/schema';
import { answerChat } from '@/lib/chat/service';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** The assistant's answer to a plain chat message (spec 001 §7): message, suggestedActions, treasuryAnalysis. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const { message } = await readJson(request, chatMessageSchema, chatBodyLimitBytes);
  await limitChat(user.id);
  return Response.json(await answerChat(db, message), { headers: { 'Cache-Control': 'private, no-store' } });
});
