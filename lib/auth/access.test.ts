import { accessStateOf, decideRoute, isEntitled, isPathAllowed, unsubscribedPaths, type AccessState } from './access';

// Spec 000 §2, "Access by state", through examples of each kind of page and who may open it; every
// other state gets its fallback. /payment-success (spec 001) is the card payment's return address for
// every signed-in user; /api-docs (issue 17) documents the read API for entitled users. Issue 16's mails
// link to reset (signed out) and to verification and unsubscribe (any state). Issue 26 adds company pages
// and the comparison under the dashboard's rule; issue 28 the admin outbox for every signed-in account
// (its page answers 404 to anyone but an admin).
const states: AccessState[] = ['signed-out', 'unsubscribed', 'entitled'];
const signedIn: AccessState[] = ['unsubscribed', 'entitled'];
const examples: { openTo: AccessState[]; paths: string[] }[] = [
  { openTo: ['signed-out'], paths: ['/login', '/register', '/terms-of-service', '/privacy-policy', '/forgot-password', '/reset-password'] },
  { openTo: states, paths: ['/about', '/contact', '/verify-email', '/unsubscribe'] },
  { openTo: signedIn, paths: ['/subscription', '/checkout', '/billing', '/settings', '/payment-success', '/admin/outbox'] },
  { openTo: ['entitled'], paths: ['/', '/dashboard', '/signals', '/reports', '/security', '/api-docs', '/companies', '/compare'] },
];

const otherwise = {
  'signed-out': { kind: 'redirect', to: '/login' },
  unsubscribed: { kind: 'redirect', to: '/subscription' },
  entitled: { kind: 'not-found' },
} as const;

const cases = examples.flatMap(({ openTo, paths }) => paths.flatMap((path) => states.map((state) => ({ state, path, open: openTo.includes(state) }))));
const unknownPaths = ['/admin', '/nonexistent', '/dashboards', '/login-help', '/security/extra', '/settings/profile', '/api/auth/user'];

it.each(cases)('$state: $path is open: $open', ({ state, path, open }) => {
  expect(isPathAllowed(state, path)).toBe(open);
  expect(decideRoute(state, path)).toEqual(open ? { kind: 'allow' } : otherwise[state]);
});

describe.each(states)('%s', (state) => {
  it.each(unknownPaths)('sends the unlisted path %s to the fallback', (path) => {
    expect(isPathAllowed(state, path)).toBe(false);
    expect(decideRoute(state, path)).toEqual(otherwise[state]);
  });
});

it('opens to an entitled account every page an unsubscribed one may open', () => {
  expect(unsubscribedPaths.filter((path) => !isPathAllowed('entitled', path))).toEqual([]);
});

describe('path matching', () => {
  it('ignores trailing slashes', () => {
    expect(decideRoute('entitled', '/dashboard/')).toEqual({ kind: 'allow' });
    expect(decideRoute('signed-out', '/login//')).toEqual({ kind: 'allow' });
    expect(decideRoute('entitled', '/')).toEqual({ kind: 'allow' });
    expect(decideRoute('entitled', '')).toEqual({ kind: 'allow' });
    expect(decideRoute('signed-out', '/')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('opens report detail pages only where /reports is open', () => {
    expect(decideRoute('entitled', '/reports/abc-123')).toEqual({ kind: 'allow' });
    expect(decideRoute('entitled', '/reports/abc-123/')).toEqual({ kind: 'allow' });
    expect(decideRoute('unsubscribed', '/reports/abc-123')).toEqual({ kind: 'redirect', to: '/subscription' });
    expect(decideRoute('signed-out', '/reports/abc-123')).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('entitled', '/reportsx')).toEqual({ kind: 'not-found' });
    expect(decideRoute('entitled', '/companies/COIN.NASDAQ')).toEqual({ kind: 'allow' });
    expect(decideRoute('unsubscribed', '/companies/MSTR')).toEqual({ kind: 'redirect', to: '/subscription' });
    expect(decideRoute('signed-out', '/companies/MSTR')).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('entitled', '/companiesx')).toEqual({ kind: 'not-found' });
  });

  it('matches whole paths, not prefixes, for every other entry', () => {
    expect(isPathAllowed('entitled', '/dashboard/x')).toBe(false);
    expect(isPathAllowed('unsubscribed', '/billing/history')).toBe(false);
    expect(isPathAllowed('signed-out', '/loginx')).toBe(false);
  });
});

describe('isEntitled', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const future = new Date('2026-03-02T12:00:00Z');
  const past = new Date('2026-02-28T12:00:00Z');
  const user = (subscriptionStatus: string, subscriptionEndsAt: Date | string | null, betaAccess = false) => ({ subscriptionStatus, subscriptionEndsAt, betaAccess });

  it('entitles an active subscription with no end date or an end date ahead', () => {
    expect(isEntitled(user('active', null), now)).toBe(true);
    expect(isEntitled(user('active', future), now)).toBe(true);
  });

  it('entitles a trial until it ends', () => {
    expect(isEntitled(user('trial', future), now)).toBe(true);
    expect(isEntitled(user('trial', past), now)).toBe(false);
  });

  it('ends access at the end instant, not after it', () => {
    expect(isEntitled(user('trial', new Date(now.getTime() + 1)), now)).toBe(true);
    expect(isEntitled(user('trial', now), now)).toBe(false);
    expect(isEntitled(user('active', now), now)).toBe(false);
  });

  it('does not entitle an expired subscription still marked active', () => {
    expect(isEntitled(user('active', past), now)).toBe(false);
  });

  it('does not entitle a trial without an end date (trials are always created with one)', () => {
    expect(isEntitled(user('trial', null), now)).toBe(false);
  });

  it('reads an ISO string end date like a Date', () => {
    expect(isEntitled(user('trial', future.toISOString()), now)).toBe(true);
    expect(isEntitled(user('active', past.toISOString()), now)).toBe(false);
  });

  it.each(['inactive', 'expired', 'canceled', 'past_due', '', 'ACTIVE'])('does not entitle the status %j', (status) => {
    expect(isEntitled(user(status, future), now)).toBe(false);
  });

  it('entitles anyone holding the beta access flag, whatever the subscription', () => {
    expect(isEntitled(user('inactive', null, true), now)).toBe(true);
    expect(isEntitled(user('trial', past, true), now)).toBe(true);
    expect(isEntitled(user('active', past, true), now)).toBe(true);
  });

  it('uses the current time by default', () => {
    expect(isEntitled(user('trial', new Date(Date.now() + 60_000)))).toBe(true);
    expect(isEntitled(user('trial', new Date(Date.now() - 60_000)))).toBe(false);
  });
});

describe('accessStateOf', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('maps no user, an unentitled user and an entitled user to the three table rows', () => {
    expect(accessStateOf(null, now)).toBe('signed-out');
    expect(accessStateOf({ subscriptionStatus: 'inactive', subscriptionEndsAt: null, betaAccess: false }, now)).toBe('unsubscribed');
    expect(accessStateOf({ subscriptionStatus: 'trial', subscriptionEndsAt: '2026-02-01T00:00:00Z', betaAccess: false }, now)).toBe('unsubscribed');
    expect(accessStateOf({ subscriptionStatus: 'active', subscriptionEndsAt: null, betaAccess: false }, now)).toBe('entitled');
    expect(accessStateOf({ subscriptionStatus: 'inactive', subscriptionEndsAt: null, betaAccess: true }, now)).toBe('entitled');
  });
});
