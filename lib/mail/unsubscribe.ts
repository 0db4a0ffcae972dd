import { hmac, safeEqual } from '../auth/crypto';

// The unsubscribe link works without signing in: its token names the user and the kind of mail,
// signed with a key derived from NEXTAUTH_SECRET, so it cannot be forged for someone else.

export const unsubscribeScopes = ['alerts', 'reports', 'digest'] as const;
export type UnsubscribeScope = (typeof unsubscribeScopes)[number];

export function unsubscribeToken(userId: string, scope: UnsubscribeScope): string {
  const payload = Buffer.from(`${userId}:${scope}`, 'utf8').toString('base64url');
  return `${payload}.${hmac('unsubscribe', payload)}`;
}

export function readUnsubscribeToken(token: string): { userId: string; scope: UnsubscribeScope } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac('unsubscribe', payload))) return null;
  const [userId, scope] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (!userId || !(unsubscribeScopes as readonly string[]).includes(scope ?? '')) return null;
  return { userId, scope: scope as UnsubscribeScope };
}
