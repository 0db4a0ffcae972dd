import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { registeredUser, testPassword } from '@/test/support/users';
import { POST as login } from './auth/login/route';
import { POST as register } from './auth/register/route';
import { POST as verifyBeta } from './beta/verify/route';
import { POST as reportError } from './client-errors/route';
import { POST as contact } from './contact/route';
import { POST as refresh } from './data/refresh/route';

// Issue 13, point 7: each limit's environment variable changes the limit the route enforces, lower
// or higher than today's value, and with the variable unset today's value holds.

const saved = { ...process.env };
let counter = 0;
const uniqueEmail = () => `limits${Date.now()}${(counter += 1)}@example.com`;

beforeAll(resetDatabase);
beforeEach(async () => {
  // Fresh in-process counters for every test (REDIS_URL is never set for this file).
  delete process.env.REDIS_URL;
  await closeRateLimiter();
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(closeRateLimiter);

/** Sends `count` requests and returns their statuses. */
async function statuses(count: number, send: () => Promise<{ status: number }>) {
  const answers: number[] = [];
  for (let index = 0; index < count; index += 1) answers.push((await send()).status);
  return answers;
}

const errorReport = { referenceId: 'ERR-LIMITS1', message: 'Boom' };

describe('RATE_LIMIT_CLIENT_ERRORS_PER_MINUTE', () => {
  it("holds today's 20 a minute per address when unset", async () => {
    const jar = new CookieJar();
    const answers = await statuses(21, () => call(reportError, '/api/client-errors', { jar, body: errorReport }));
    expect(answers.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('raises the limit above the default', async () => {
    process.env.RATE_LIMIT_CLIENT_ERRORS_PER_MINUTE = '30';
    const jar = new CookieJar();
    const answers = await statuses(31, () => call(reportError, '/api/client-errors', { jar, body: errorReport }));
    expect(answers.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('RATE_LIMIT_REGISTER_PER_HOUR', () => {
  it('lowers or raises the accounts one address may register in an hour', async () => {
    process.env.RATE_LIMIT_REGISTER_PER_HOUR = '2';
    const jar = new CookieJar();
    const send = () => call(register, '/api/auth/register', { jar: new CookieJar(jar.ip), body: { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: testPassword } });
    const refused = await statuses(3, send);
    expect(refused).toEqual([201, 201, 429]);
    expect((await send()).status).toBe(429);

    // The same address, the same window: a raised limit lets it through again.
    process.env.RATE_LIMIT_REGISTER_PER_HOUR = '6';
    expect(await statuses(2, send)).toEqual([201, 201]);
  });

  it('answers the 429 in words, with Retry-After', async () => {
    process.env.RATE_LIMIT_REGISTER_PER_HOUR = '1';
    const jar = new CookieJar();
    const send = () => call(register, '/api/auth/register', { jar: new CookieJar(jar.ip), body: { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: testPassword } });
    expect((await send()).status).toBe(201);
    const response = await send();
    expect([response.status, response.json.message]).toEqual([429, 'Too many accounts created from this address. Please try again later.']);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('RATE_LIMIT_CONTACT_PER_HOUR', () => {
  it('lowers the messages one address may send', async () => {
    process.env.RATE_LIMIT_CONTACT_PER_HOUR = '2';
    const jar = new CookieJar();
    expect((await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'TREASURY2026' } })).status).toBe(200);
    const message = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'general', message: 'Hello there, a question.', urgency: 'low' };
    expect(await statuses(3, () => call(contact, '/api/contact', { jar, body: message }))).toEqual([201, 201, 429]);
  });
});

describe('RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT', () => {
  it('locks the account after the configured number of failures', async () => {
    process.env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT = '2';
    const { email } = await registeredUser(false, 'limits-login');
    const jar = new CookieJar();
    const wrong = () => call(login, '/api/auth/login', { jar, body: { email, password: 'Wrong-Password-1' } });
    expect(await statuses(3, wrong)).toEqual([401, 401, 429]);
    // Locked: even the right password waits for the window.
    expect((await call(login, '/api/auth/login', { jar, body: { email, password: testPassword } })).status).toBe(429);
  });
});

describe('RATE_LIMIT_REFRESH_PER_DAY', () => {
  it('sets the daily manual refresh allowance and names it in the refusal', async () => {
    process.env.RATE_LIMIT_REFRESH_PER_DAY = '1';
    const { jar } = await registeredUser(true, 'limits-refresh');
    const first = await call(refresh, '/api/data/refresh', { jar, method: 'POST' });
    expect(first.status).toBe(200);
    expect(first.json.refreshStats).toMatchObject({ dailyRefreshes: 1, remainingDaily: 0 });
    const second = await call(refresh, '/api/data/refresh', { jar, method: 'POST' });
    expect(second.status).toBe(429);
    expect(second.json.message).toMatch(/^Daily refresh limit reached \(1 per day\)/);
  });
});
