import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { POST as logout } from '../auth/logout/route';
import { POST as resetBeta } from './reset/route';
import { POST as verifyBeta } from './verify/route';

// Issue 13, points 2 and 3, on the server's side: logout closes the gate this browser had passed, and
// `?reset=true` shows the gate even to an account holding beta access, until a code is entered again.

beforeAll(resetDatabase);

const viewerOf = (cookie: string) => viewerFromRequest(db, new Request('http://localhost/settings', { headers: { cookie } }));

it('logout drops the gate cookie with the session', async () => {
  const { jar } = await registeredUser(true, 'logout-gate');
  expect(jar.cookies.has('beta_access')).toBe(true);
  expect((await call(logout, '/api/auth/logout', { jar, method: 'POST' })).status).toBe(200);
  expect(jar.cookies.has('beta_access')).toBe(false);
  expect((await viewerOf(jar.header())).betaPassed).toBe(false);
});

it("a reset keeps the gate up for an account's own beta access until a code is entered again", async () => {
  const { jar } = await registeredUser(true, 'reset-gate');
  const signedIn = await viewerOf(jar.header());
  expect([signedIn.user?.betaAccess, signedIn.betaPassed]).toEqual([true, true]);

  expect((await call(resetBeta, '/api/beta/reset', { jar, method: 'POST' })).status).toBe(200);
  expect([jar.cookies.has('beta_access'), jar.cookies.get('beta_reset')]).toEqual([false, '1']);
  const reset = await viewerOf(jar.header());
  expect([reset.user?.betaAccess, reset.betaPassed]).toEqual([true, false]);

  expect((await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'treasury2026' } })).status).toBe(200);
  expect([jar.cookies.has('beta_access'), jar.cookies.has('beta_reset')]).toEqual([true, false]);
  expect((await viewerOf(jar.header())).betaPassed).toBe(true);
});
