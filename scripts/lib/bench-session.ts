import { sessionCookieName } from '../../lib/http/cookies';
import { createSession } from '../../lib/auth/session';
import { encodeSessionToken } from '../../lib/auth/session-token';
import type { Db } from '../../lib/db';

/**
 * The Cookie header of a new beta user's session, written straight into `db`: a benchmark's WebSocket
 * clients open /ws as an entitled browser does (it refuses anyone else).
 */
export async function entitledSessionCookie(db: Db): Promise<string> {
  const user = await db.user.create({
    // No password: nobody signs in as this user; the session is its only way in.
    data: { email: `bench.${Date.now()}.${process.pid}@example.com`, firstName: 'Bench', lastName: 'Mark', passwordHash: '!', betaAccess: true },
  });
  const session = await createSession(db, user.id, new Request('http://localhost/'));
  return `${sessionCookieName(false)}=${await encodeSessionToken({ sub: user.id, sid: session.id })}`;
}
