import { chatMessageRoute } from '@/lib/chat/route';
import { answerChat } from '@/lib/chat/service';
import { db } from '@/lib/db';

export const dynamic = 'force-dynamic';

/** The assistant's answer to a plain chat message (spec 001 §7): message, suggestedActions, treasuryAnalysis. */
export const POST = chatMessageRoute(db, (message) => answerChat(db, message));
