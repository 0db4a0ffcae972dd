import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { applyUnsubscribe, invalidUnsubscribeMessage, readUnsubscribeToken, unsubscribeScopeLabels } from '@/lib/mail/unsubscribe';

/**
 * One-click unsubscribe (RFC 8058): mailbox providers POST `List-Unsubscribe=One-Click` to the URL of
 * the List-Unsubscribe header; the unsubscribe page POSTs here too. The signed token in the query is
 * the authorization, so no sign-in is needed.
 */
export const POST = route(async (request) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const claim = token.length <= 500 ? readUnsubscribeToken(token) : null;
  if (!claim) throw new AppError('validation_failed', invalidUnsubscribeMessage, { token: [invalidUnsubscribeMessage] });
  const user = await db.user.findUnique({ where: { id: claim.userId }, select: { id: true } });
  if (!user) throw new AppError('not_found', invalidUnsubscribeMessage);
  await applyUnsubscribe(db, user.id, claim.scope);
  return Response.json({ success: true, scope: claim.scope, message: `You will no longer receive ${unsubscribeScopeLabels[claim.scope]}.` });
});
