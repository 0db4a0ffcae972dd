import { suggestionSchema } from '@/lib/feedback/schema';
import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';


/** Feature Suggestions (spec 000 §2, §7): subscribed or beta users only, like the /suggestions page. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  await enforceLimit('suggestions', user.id, 'Too many suggestions submitted. Please try again in an hour.');
  const input = await readJson(request, suggestionSchema);
  const { id } = await db.suggestion.create({ data: { ...input, email: input.email ?? null, userId: user.id }, select: { id: true } });
  return Response.json({ success: true, id }, { status: 201 });
});
