import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { planFromAnyName } from '@/lib/payments/plans';
import { accessStateOf, isEntitled, type AccessState } from './access';
import { adminRole, isAdminUser } from './admin';
import { betaGateEnabled, verifyBetaToken } from './beta';
import { betaCookie, betaMaxAgeSeconds, betaResetCookie, cookieReader } from '../http/cookies';
import { loadSession, type LoadedSession } from './session';
import type { CookieReader } from './session-token';
import type { PublicUser } from './types';

// Who is asking: the live session (if any), its user, whether the beta gate is passed and the
// access state of spec 000 §2. Route handlers build it from the Request; server components from
// next/headers (lib/auth/page-guard.ts).

export interface Viewer {
  session: LoadedSession | null;
  user: LoadedSession['user'] | null;
  betaPassed: boolean;
  state: AccessState;
}

export async function resolveViewer(db: Db, read: CookieReader): Promise<Viewer> {
  const session = await loadSession(db, read);
  const user = session?.user ?? null;
  // After `?reset=true` only a code entered again opens the gate, whatever the account holds (spec 000 §4).
  const accountPasses = Boolean(user?.betaAccess) && read(betaResetCookie) !== '1';
  const betaPassed = !betaGateEnabled() || verifyBetaToken(read(betaCookie), betaMaxAgeSeconds) || accountPasses;
  return { session, user, betaPassed, state: accessStateOf(user) };
}

function requestCookieReader(request: Request): CookieReader {
  return cookieReader(request.headers.get('cookie'));
}

export function viewerFromRequest(db: Db, request: Request): Promise<Viewer> {
  return resolveViewer(db, requestCookieReader(request));
}

export const authRequiredMessage = 'Authentication required. Please sign in.';
export const subscriptionRequiredMessage = 'An active subscription or beta access is required.';

/** The signed-in session and user, or a 401. */
export async function requireUser(db: Db, request: Request) {
  const viewer = await viewerFromRequest(db, request);
  if (!viewer.session || !viewer.user) throw new AppError('unauthorized', authRequiredMessage);
  return { session: viewer.session, user: viewer.user };
}

/**
 * The check of every entitled-only read, for callers with or without a Request (route handlers, the
 * fast reads of server.ts, the /ws upgrade): the live session, or why there is none to serve.
 */
export async function entitledSession(db: Db, read: CookieReader): Promise<LoadedSession | 'unauthorized' | 'forbidden'> {
  const session = await loadSession(db, read);
  if (!session) return 'unauthorized';
  return isEntitled(session.user) ? session : 'forbidden';
}

/** A signed-in user with an active subscription, a trial or the beta flag: 401, else 403. */
export async function requireEntitledUser(db: Db, request: Request) {
  const session = await entitledSession(db, requestCookieReader(request));
  if (session === 'unauthorized') throw new AppError('unauthorized', authRequiredMessage);
  if (session === 'forbidden') throw new AppError('forbidden', subscriptionRequiredMessage);
  return { session, user: session.user };
}

export function toPublicUser(user: LoadedSession['user']): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    // ADMIN_EMAILS counts as the admin role wherever the account is shown.
    role: isAdminUser(user) ? adminRole : user.role,
    subscriptionStatus: effectiveStatus(user),
    // Spec 000 §3 names tiers by plan name (Basic, Professional, Enterprise); payments store the plan id.
    subscriptionTier: user.subscriptionTier ? (planFromAnyName(user.subscriptionTier)?.tierName ?? user.subscriptionTier) : null,
    subscriptionEndsAt: user.subscriptionEndsAt?.toISOString() ?? null,
    betaAccess: user.betaAccess,
    mfaEnabled: user.mfaEnabled,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A trial or paid period whose end has passed reads as expired. */
function effectiveStatus(user: LoadedSession['user']): string {
  const lapsed = user.subscriptionEndsAt !== null && user.subscriptionEndsAt.getTime() <= Date.now();
  return (user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trial') && lapsed ? 'expired' : user.subscriptionStatus;
}
