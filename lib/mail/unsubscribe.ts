import { hmac, safeEqual } from '../crypto';
import type { Db } from '../db';
import { appLink } from './config';

// The unsubscribe link works without signing in: its token names the user and the kind of mail,
// signed with a key derived from NEXTAUTH_SECRET, so it cannot be forged for someone else.

const unsubscribeScopes = ['alerts', 'reports', 'digest'] as const;
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

export const invalidUnsubscribeMessage = 'This unsubscribe link is invalid.';

export const unsubscribeScopeLabels: Record<UnsubscribeScope, string> = {
  alerts: 'alert emails',
  reports: 'scheduled report emails',
  digest: 'the signal digest',
};

/** Stops the mail of the token's scope: alert rules and report schedules fall back to in-app only, the digest turns off. */
export async function applyUnsubscribe(db: Db, userId: string, scope: UnsubscribeScope) {
  if (scope === 'alerts') await db.alertRule.updateMany({ where: { userId, delivery: { in: ['email', 'both'] } }, data: { delivery: 'in_app' } });
  if (scope === 'reports') await db.reportDelivery.updateMany({ where: { userId, delivery: { in: ['email', 'both'] } }, data: { delivery: 'in_app' } });
  if (scope === 'digest') await db.notificationPreference.updateMany({ where: { userId }, data: { digest: 'off' } });
}

export function unsubscribeUrl(userId: string, scope: UnsubscribeScope): string {
  return appLink(`/api/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, scope))}`);
}

/** The page a person reaches from the link in the mail's footer (it asks before unsubscribing: link scanners follow links). */
export function unsubscribePageUrl(userId: string, scope: UnsubscribeScope): string {
  return appLink(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, scope))}`);
}
