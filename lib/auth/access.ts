// The access table of spec 000 §2, as one pure function: middleware, server components, route
// handlers and the browser all route by it.

export type AccessState = 'signed-out' | 'unsubscribed' | 'entitled';

export const signedOutPaths = [
  '/register',
  '/login',
  '/about',
  '/contact',
  '/terms-of-service',
  '/privacy-policy',
  // Mail links (issue 16): reset works signed out; verification and unsubscribe links open in any state.
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
] as const;
// Issue 28: the admin outbox for any signed-in account (a QA admin may hold no plan); the page itself
// answers 404 to anyone who is not an admin.
export const unsubscribedPaths = ['/subscription', '/checkout', '/stripe-test', '/payment-success', '/billing', '/settings', '/contact', '/about', '/verify-email', '/unsubscribe', '/admin/outbox'] as const;
const entitledPaths = [
  '/',
  '/dashboard',
  '/analytics',
  '/signals',
  '/reports',
  '/data-sources',
  '/billing',
  '/subscription',
  '/checkout',
  '/stripe-test',
  '/payment-success',
  '/settings',
  '/security',
  '/affiliate',
  '/suggestions',
  '/api-docs',
  // Issue 26: a page per company (/companies/{slug}) and the comparison of two to four.
  '/companies',
  '/compare',
  '/contact',
  '/about',
  '/verify-email',
  '/unsubscribe',
  '/admin/outbox',
] as const;

export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

const allowed: Record<AccessState, readonly string[]> = {
  'signed-out': signedOutPaths,
  unsubscribed: unsubscribedPaths,
  entitled: entitledPaths,
};

function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed || '/';
}

/** Paths whose one sub-segment names a record: `/reports/{id}`, `/companies/{slug}`. */
const recordPaths = new Set(['/reports', '/companies']);

/** Whether `pathname` (a page path, not /api) is open in `state`; `/reports/{id}` counts as /reports, `/companies/{slug}` as /companies. */
export function isPathAllowed(state: AccessState, pathname: string): boolean {
  const path = normalize(pathname);
  return allowed[state].some((entry) => path === entry || (recordPaths.has(entry) && path.startsWith(`${entry}/`)));
}

export function decideRoute(state: AccessState, pathname: string): RouteDecision {
  if (isPathAllowed(state, pathname)) return { kind: 'allow' };
  if (state === 'signed-out') return { kind: 'redirect', to: '/login' };
  if (state === 'unsubscribed') return { kind: 'redirect', to: '/subscription' };
  return { kind: 'not-found' };
}

export interface EntitlementFields {
  subscriptionStatus: string;
  subscriptionEndsAt: Date | string | null;
  betaAccess: boolean;
}

/** Subscribed (active or an unexpired trial) or holding the beta access flag. */
export function isEntitled(user: EntitlementFields, now = new Date()): boolean {
  if (user.betaAccess) return true;
  if (user.subscriptionStatus !== 'active' && user.subscriptionStatus !== 'trial') return false;
  if (!user.subscriptionEndsAt) return user.subscriptionStatus === 'active';
  return new Date(user.subscriptionEndsAt).getTime() > now.getTime();
}

export function accessStateOf(user: EntitlementFields | null, now = new Date()): AccessState {
  if (!user) return 'signed-out';
  return isEntitled(user, now) ? 'entitled' : 'unsubscribed';
}
