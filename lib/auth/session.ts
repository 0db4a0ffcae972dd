import { NextResponse } from 'next/server';
import type { Db } from '@/lib/db';
import { announceAccessChanged } from '@/lib/realtime/bus';
import { sessionRowCache } from './session-cache';
import { cookieOptions, sessionCookieName, sessionCookieNames, sessionMaxAgeSeconds } from '../http/cookies';
import { decodeSessionToken, encodeSessionToken, readSessionToken, type CookieReader } from './session-token';

// next-auth's JWT (JWE, NEXTAUTH_SECRET) is the session cookie; it names a Session row, and the
// row decides: a revoked or expired row signs the cookie out however valid its signature.

export async function createSession(db: Db, userId: string, request: Request) {
  return db.session.create({
    data: {
      userId,
      expiresAt: new Date(Date.now() + sessionMaxAgeSeconds * 1000),
      userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
      ip: null,
    },
  });
}

/** Resolves a cookie jar to its live session and user, or null. */
export async function loadSession(db: Db, read: CookieReader) {
  const claims = await decodeSessionToken(readSessionToken(read));
  if (!claims) return null;
  const session = await sessionRowCache<Awaited<ReturnType<typeof findSession>>>().get(claims.sid, () => findSession(db, claims.sid));
  if (!session || !isLiveSession(session, claims.sub)) return null;
  return session;
}

/** Whether a Session row still signs in the cookie that names it for `userId`: not revoked, not expired. */
export function isLiveSession(session: { userId: string; revokedAt: Date | null; expiresAt: Date }, userId: string, now = new Date()): boolean {
  return session.userId === userId && !session.revokedAt && session.expiresAt > now;
}

/** Rows asked for in one query: well under SQLite's and PostgreSQL's bound-parameter limits. */
const sessionBatchSize = 500;

function readSessions(db: Db, ids: string[]) {
  return db.session.findMany({ where: { id: { in: ids } }, include: { user: true } });
}

/**
 * Decrypts a token and reads a session as a cookie check does, for a made-up session: the database
 * client loads its query compiler and plans the lookup. Outside the lookups' queue and the row cache,
 * so a database that does not answer holds up this call only.
 */
export async function rehearseSessionLookup(db: Db): Promise<void> {
  const claims = await decodeSessionToken(await encodeSessionToken({ sub: 'rehearsal', sid: 'rehearsal' }));
  await readSessions(db, [claims?.sid ?? 'rehearsal']);
}

type SessionWithUser = Awaited<ReturnType<typeof readSessions>>[number];
type SessionWaiter = { resolve: (row: SessionWithUser | null) => void; reject: (error: unknown) => void };

/** Per database client: the session ids waiting for the next query (and who waits for each), and whether one runs. */
const lookups = new WeakMap<Db, { queued: Map<string, SessionWaiter[]>; running: boolean }>();

/**
 * The Session row with its user. While one lookup's query runs, the ids asked for meanwhile wait and go
 * in the next query together: the sockets of an instance that went away arrive at another all at
 * once, and would otherwise cost a query each; a lone request waits for no one.
 */
function findSession(db: Db, id: string): Promise<SessionWithUser | null> {
  let state = lookups.get(db);
  if (!state) lookups.set(db, (state = { queued: new Map(), running: false }));
  const { queued } = state;
  const promise = new Promise<SessionWithUser | null>((resolve, reject) => {
    const waiters = queued.get(id);
    if (waiters) waiters.push({ resolve, reject });
    else queued.set(id, [{ resolve, reject }]);
  });
  if (!state.running) {
    state.running = true;
    // Those asked for in this same turn go along.
    setImmediate(() => void readQueued(db, state));
  }
  return promise;
}

async function readQueued(db: Db, state: { queued: Map<string, SessionWaiter[]>; running: boolean }) {
  while (state.queued.size > 0) {
    const batch = state.queued;
    state.queued = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += sessionBatchSize) {
      const slice = ids.slice(start, start + sessionBatchSize);
      try {
        const rows = new Map((await readSessions(db, slice)).map((row) => [row.id, row]));
        for (const id of slice) for (const waiter of batch.get(id)!) waiter.resolve(rows.get(id) ?? null);
      } catch (error) {
        for (const id of slice) for (const waiter of batch.get(id)!) waiter.reject(error);
      }
    }
  }
  state.running = false;
}

export type LoadedSession = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

/** Starts a session for `userId` and writes its cookie onto `response`. */
export async function signIn(db: Db, response: NextResponse, userId: string, request: Request) {
  const session = await createSession(db, userId, request);
  const token = await encodeSessionToken({ sub: userId, sid: session.id });
  const options = cookieOptions(request, sessionMaxAgeSeconds);
  response.cookies.set(sessionCookieName(options.secure), token, options);
  return session;
}

export function clearSessionCookies(response: NextResponse, request: Request) {
  for (const name of sessionCookieNames) {
    response.cookies.set(name, '', { ...cookieOptions(request, 0), secure: name.startsWith('__Secure-') || cookieOptions(request, 0).secure });
  }
}

// Each also closes the sessions' open WebSockets, in whichever process serves them.
export async function revokeSession(db: Db, sessionId: string) {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
  announceAccessChanged({ sessionIds: [sessionId] });
}

/** Signs every browser of the user out (password change, 2FA off). */
export async function revokeAllSessions(db: Db, userId: string) {
  await db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  announceAccessChanged({ userIds: [userId] });
}
