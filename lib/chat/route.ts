import { entitledRoute } from '@/lib/auth/route';
import type { Db } from '@/lib/db';
import { privateJson, readJson } from '@/lib/http/route';
import { chatBodyLimitBytes, limitChat } from './limits';
import { chatMessageSchema } from './schema';

/** A chat endpoint taking one message (spec 001 §7): entitled callers only, within the chat allowance they share. */
export function chatMessageRoute(db: Db, answer: (message: string) => Promise<unknown>) {
  return entitledRoute(db, async ({ user }, request) => {
    const { message } = await readJson(request, chatMessageSchema, chatBodyLimitBytes);
    await limitChat(user.id);
    return privateJson(await answer(message));
  });
}
