import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { POST as register } from './auth/register/route';
import { POST as verifyBeta } from './beta/verify/route';
import { POST as contact } from './contact/route';
import { POST as suggest } from './suggestions/route';

// Contact Us and Feature Suggestions (spec 000 §2, §5, §7): who may send, what is stored, and the
// validation messages in the form's own words.

const password = 'Vault-Ledger-2049';
let counter = 0;
const newEmail = () => `feedback${Date.now()}${(counter += 1)}@example.com`;

async function pastGate(jar = new CookieJar()) {
  expect((await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'TREASURY2026' } })).status).toBe(200);
  return jar;
}

/** Registers in `jar`; with the gate cookie the account holds the beta flag and so is entitled. */
async function registered(jar: CookieJar) {
  const response = await call(register, '/api/auth/register', { jar, body: { firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password } });
  expect(response.status).toBe(201);
  return response.json.user.id as string;
}

const message = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'data-request', message: 'Please add the Q3 filings for MSTR.', urgency: 'high' };
const suggestion = { category: 'analytics', title: 'Cost basis chart', description: 'Show the average cost basis per company over time.', priority: 'medium' };

beforeAll(resetDatabase);

describe('POST /api/contact', () => {
  it('stores a visitor’s message once the beta gate is passed', async () => {
    const jar = await pastGate();
    const response = await call(contact, '/api/contact', { jar, body: { ...message, name: '  Ada Lovelace ', email: 'ADA@Example.com', userId: 'someone-else' } });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ success: true, id: expect.any(String) });
    const stored = await db.contactMessage.findUniqueOrThrow({ where: { id: response.json.id } });
    expect(stored).toMatchObject({ ...message, name: 'Ada Lovelace', email: 'ada@example.com', userId: null });
  });

  it('records the signed-in sender', async () => {
    const jar = await pastGate();
    const userId = await registered(jar);
    const response = await call(contact, '/api/contact', { jar, body: message });
    expect(response.status).toBe(201);
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: response.json.id } })).userId).toBe(userId);
  });

  it('refuses a browser that has not passed the beta gate, signed in or not', async () => {
    const visitor = await call(contact, '/api/contact', { jar: new CookieJar(), body: message });
    expect(visitor.status).toBe(403);
    expect(visitor.json.message).toBe('Beta access is required. Please enter your invitation code.');
    const withoutFlag = new CookieJar();
    await registered(withoutFlag);
    expect((await call(contact, '/api/contact', { jar: withoutFlag, body: message })).status).toBe(403);
  });

  it.each([
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['subject', { subject: '' }, 'Please select a subject'],
    ['subject', { subject: 'sales' }, 'Please select a subject'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
    ['urgency', { urgency: undefined }, 'Please select urgency level'],
  ])('answers 400 on %s with the form’s message (%p)', async (field, change, text) => {
    const jar = await pastGate();
    const response = await call(contact, '/api/contact', { jar, body: { ...message, ...change } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ message: text, code: 'validation_failed' });
    expect(response.json.errors[field]).toEqual([text]);
  });

  it('reports every missing field at once', async () => {
    const response = await call(contact, '/api/contact', { jar: await pastGate(), body: {} });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.errors).sort()).toEqual(['email', 'message', 'name', 'subject', 'urgency']);
  });

  it.each(['{"name":', 'null', '[]', '"text"'])('answers 400, never 500, to the body %s', async (rawBody) => {
    const response = await call(contact, '/api/contact', { jar: await pastGate(), rawBody });
    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
  });

  it('refuses a request from another site', async () => {
    const jar = await pastGate();
    const foreign = await call(contact, '/api/contact', { jar, body: message, headers: { origin: 'https://evil.example', host: 'localhost' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe('Cross-origin requests are not allowed');
    const same = await call(contact, '/api/contact', { jar, body: message, headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(same.status).toBe(201);
  });

  it('limits each address to 20 messages an hour', async () => {
    const jar = await pastGate();
    for (let sent = 0; sent < 20; sent += 1) expect((await call(contact, '/api/contact', { jar, body: message })).status).toBe(201);
    const limited = await call(contact, '/api/contact', { jar, body: message });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Too many messages sent. Please try again in an hour.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(contact, '/api/contact', { jar: await pastGate(), body: message })).status).toBe(201);
  });
});

describe('POST /api/suggestions', () => {
  it('stores an entitled user’s suggestion, with or without an email', async () => {
    const jar = await pastGate();
    const userId = await registered(jar);
    const withEmail = await call(suggest, '/api/suggestions', { jar, body: { ...suggestion, email: ' Ada@Example.com ', userId: 'someone-else' } });
    expect(withEmail.status).toBe(201);
    expect(withEmail.json).toEqual({ success: true, id: expect.any(String) });
    expect(await db.suggestion.findUniqueOrThrow({ where: { id: withEmail.json.id } })).toMatchObject({ ...suggestion, email: 'ada@example.com', userId });
    const blankEmail = await call(suggest, '/api/suggestions', { jar, body: { ...suggestion, email: '' } });
    expect(blankEmail.status).toBe(201);
    expect((await db.suggestion.findUniqueOrThrow({ where: { id: blankEmail.json.id } })).email).toBeNull();
    expect((await call(suggest, '/api/suggestions', { jar, body: suggestion })).status).toBe(201);
  });

  it('answers 401 when signed out and 403 without a subscription or the beta flag', async () => {
    const signedOut = await call(suggest, '/api/suggestions', { jar: await pastGate(), body: suggestion });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.message).toBe('Authentication required. Please sign in.');
    const unsubscribed = new CookieJar();
    const userId = await registered(unsubscribed);
    const refused = await call(suggest, '/api/suggestions', { jar: unsubscribed, body: suggestion });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('An active subscription or beta access is required.');
    await db.user.update({ where: { id: userId }, data: { subscriptionStatus: 'active' } });
    expect((await call(suggest, '/api/suggestions', { jar: unsubscribed, body: suggestion })).status).toBe(201);
  });

  it.each([
    ['category', { category: 'pricing' }, 'Please select a category'],
    ['category', { category: undefined }, 'Please select a category'],
    ['title', { title: ' ab ' }, 'Title must be at least 3 characters'],
    ['description', { description: 'Too short' }, 'Please provide a detailed description (minimum 10 characters)'],
    ['priority', { priority: 'urgent' }, 'Please select a priority level'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email'],
  ])('answers 400 on %s with the form’s message (%p)', async (field, change, text) => {
    const jar = await pastGate();
    await registered(jar);
    const response = await call(suggest, '/api/suggestions', { jar, body: { ...suggestion, ...change } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ message: text, code: 'validation_failed' });
    expect(response.json.errors[field]).toEqual([text]);
  });

  it('answers 400, never 500, to a body that is not a JSON object', async () => {
    const jar = await pastGate();
    await registered(jar);
    for (const rawBody of ['{"title":', 'null', '[]']) expect((await call(suggest, '/api/suggestions', { jar, rawBody })).status).toBe(400);
  });

  it('refuses a request from another site', async () => {
    const jar = await pastGate();
    const userId = await registered(jar);
    const foreign = await call(suggest, '/api/suggestions', { jar, body: suggestion, headers: { origin: 'https://evil.example', host: 'localhost' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe('Cross-origin requests are not allowed');
    expect(await db.suggestion.count({ where: { userId } })).toBe(0);
  });

  it('limits each user to 20 suggestions an hour, whatever the address', async () => {
    const jar = await pastGate();
    const userId = await registered(jar);
    for (let sent = 0; sent < 20; sent += 1) {
      const browser = new CookieJar(`10.99.0.${sent}`);
      for (const [name, value] of jar.cookies) browser.cookies.set(name, value);
      expect((await call(suggest, '/api/suggestions', { jar: browser, body: suggestion })).status).toBe(201);
    }
    const limited = await call(suggest, '/api/suggestions', { jar, body: suggestion });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Too many suggestions submitted. Please try again in an hour.');
    expect(await db.suggestion.count({ where: { userId } })).toBe(20);
    const other = await pastGate();
    await registered(other);
    expect((await call(suggest, '/api/suggestions', { jar: other, body: suggestion })).status).toBe(201);
  });
});
