import { POST as register } from '@/app/api/auth/register/route';
import { POST as verifyBeta } from '@/app/api/beta/verify/route';
import { resetToSeed } from './database';
import { call, CookieJar } from './http';

// Signed-in users for integration tests, made through the real beta and registration routes.

export const testPassword = 'Vault-Ledger-2049';
let counter = 0;

/**
 * A registered, signed-in user; `entitled` passes the beta gate first, which grants beta access. The
 * e-mail address starts with `prefix`, so a test can find its own users.
 */
export async function registeredUser(entitled: boolean, prefix = 'user', jar = new CookieJar()) {
  if (entitled) {
    const gate = await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'TREASURY2026' } });
    if (gate.status !== 200) throw new Error(`beta verify answered ${gate.status}: ${gate.text}`);
  }
  counter += 1;
  const email = `${prefix}${Date.now()}${process.pid}${counter}@example.com`;
  const response = await call(register, '/api/auth/register', { jar, body: { firstName: 'Ada', lastName: 'Lovelace', email, password: testPassword } });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${response.text}`);
  return { jar, id: response.json.user.id as string, email };
}

/**
 * For a file of tests that read the demo seed as one entitled user: before them, the database is reset
 * to the seed and the user registered into `jar`; `account.id` is the user's id from then on.
 */
export function entitledUserOnSeed(timeout = 120_000) {
  const jar = new CookieJar();
  const account = { id: '' };
  beforeAll(async () => {
    await resetToSeed();
    account.id = (await registeredUser(true, undefined, jar)).id;
  }, timeout);
  return { jar, account };
}
