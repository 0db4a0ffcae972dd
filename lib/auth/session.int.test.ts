import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { registeredUser } from '@/test/support/users';
import { cookieReader, sessionCookieName } from '../http/cookies';
import { createSession, loadSession, revokeSession } from './session';
import { encodeSessionToken } from './session-token';

// Session rows asked for while another lookup runs are read together in one query (lib/auth/session.ts):
// each caller still gets its own row, and a revoked, unknown or someone else's session signs in no one.

beforeAll(resetDatabase);

async function readerFor(userId: string, sessionId: string) {
  return cookieReader(`${sessionCookieName(false)}=${await encodeSessionToken({ sub: userId, sid: sessionId })}`);
}

it('gives each of many lookups asked for at once its own session and user', async () => {
  const users = await Promise.all(['batch-a', 'batch-b', 'batch-c'].map((prefix) => registeredUser(false, prefix)));
  const request = new Request('http://localhost/');
  const sessions = await Promise.all(users.map((user) => createSession(db, user.id, request)));
  await revokeSession(db, sessions[2]!.id);
  const readers = await Promise.all([
    ...sessions.map((session) => readerFor(session.userId, session.id)),
    readerFor(users[0]!.id, 'no-such-session'),
    // A's session presented as B's.
    readerFor(users[1]!.id, sessions[0]!.id),
  ]);

  const asked = Array.from({ length: 60 }, (_, index) => index % readers.length);
  const found = await Promise.all(asked.map((which) => loadSession(db, readers[which]!)));

  found.forEach((session, index) => {
    const which = asked[index]!;
    if (which < 2) expect({ session: session?.id, user: session?.user.email }).toEqual({ session: sessions[which]!.id, user: users[which]!.email });
    else expect(session).toBeNull();
  });
});
