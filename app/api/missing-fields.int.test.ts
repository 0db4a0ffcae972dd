import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { rateLimitRules } from '@/lib/rate-limit/rules';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { registeredUser, testPassword } from '@/test/support/users';
import { POST as createLink } from './affiliate/links/route';
import { POST as changePassword } from './auth/change-password/route';
import { POST as login } from './auth/login/route';
import { POST as register } from './auth/register/route';
import { POST as requestBeta } from './beta/request/route';
import { POST as verifyBeta } from './beta/verify/route';
import { POST as contact } from './contact/route';
import { POST as suggest } from './suggestions/route';

// Issue 13, point 1: every call of spec 000 §7 answers a field that is absent, empty or of the wrong
// type with the message of spec 000 §5 (the form's own words), never zod's "Invalid input: expected
// string, received undefined". The API's client shows that message in its toasts.

type Handler = (request: Request, context: never) => Promise<Response> | Response;

interface Row {
  path: string;
  handler: Handler;
  valid: () => Record<string, unknown>;
  field: string;
  message: string;
  /** Who calls: a signed-out visitor past the gate, or an entitled user. */
  caller: 'visitor' | 'entitled';
}

const uniqueEmail = () => `fields${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
const registration = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: testPassword });
const signIn = () => ({ email: 'nobody@example.com', password: testPassword });
const passwordChange = () => ({ currentPassword: testPassword, newPassword: 'Quartz-Harbor-7731' });
const suggestion = () => ({ category: 'analytics', title: 'Cost basis chart', description: 'Show the average cost basis per company.', priority: 'medium' });
const message = () => ({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'general', message: 'Hello there, a question.', urgency: 'low' });

const rows: Row[] = [
  { path: '/api/auth/register', handler: register, valid: registration, field: 'firstName', message: 'First name is required', caller: 'visitor' },
  { path: '/api/auth/register', handler: register, valid: registration, field: 'lastName', message: 'Last name is required', caller: 'visitor' },
  { path: '/api/auth/register', handler: register, valid: registration, field: 'email', message: 'Please enter a valid email', caller: 'visitor' },
  { path: '/api/auth/register', handler: register, valid: registration, field: 'password', message: 'Password must be at least 8 characters', caller: 'visitor' },
  { path: '/api/auth/login', handler: login, valid: signIn, field: 'email', message: 'Please enter a valid email', caller: 'visitor' },
  { path: '/api/auth/login', handler: login, valid: signIn, field: 'password', message: 'Password must be at least 6 characters', caller: 'visitor' },
  { path: '/api/auth/change-password', handler: changePassword, valid: passwordChange, field: 'currentPassword', message: 'Current password is required', caller: 'entitled' },
  { path: '/api/auth/change-password', handler: changePassword, valid: passwordChange, field: 'newPassword', message: 'New password must be at least 6 characters', caller: 'entitled' },
  { path: '/api/suggestions', handler: suggest, valid: suggestion, field: 'category', message: 'Please select a category', caller: 'entitled' },
  { path: '/api/suggestions', handler: suggest, valid: suggestion, field: 'title', message: 'Title must be at least 3 characters', caller: 'entitled' },
  { path: '/api/suggestions', handler: suggest, valid: suggestion, field: 'description', message: 'Please provide a detailed description (minimum 10 characters)', caller: 'entitled' },
  { path: '/api/suggestions', handler: suggest, valid: suggestion, field: 'priority', message: 'Please select a priority level', caller: 'entitled' },
  { path: '/api/contact', handler: contact, valid: message, field: 'name', message: 'Name must be at least 2 characters', caller: 'visitor' },
  { path: '/api/contact', handler: contact, valid: message, field: 'email', message: 'Please enter a valid email', caller: 'visitor' },
  { path: '/api/contact', handler: contact, valid: message, field: 'subject', message: 'Please select a subject', caller: 'visitor' },
  { path: '/api/contact', handler: contact, valid: message, field: 'message', message: 'Message must be at least 10 characters', caller: 'visitor' },
  { path: '/api/contact', handler: contact, valid: message, field: 'urgency', message: 'Please select urgency level', caller: 'visitor' },
  { path: '/api/beta/verify', handler: verifyBeta, valid: () => ({ code: 'TREASURY2026' }), field: 'code', message: 'Please enter your invitation code', caller: 'visitor' },
  { path: '/api/beta/request', handler: requestBeta, valid: () => ({ email: uniqueEmail() }), field: 'email', message: 'Please enter a valid email', caller: 'visitor' },
  { path: '/api/affiliate/links', handler: createLink, valid: () => ({ name: 'Launch' }), field: 'name', message: 'Please enter a link name', caller: 'entitled' },
];

const variants: [string, (body: Record<string, unknown>, field: string) => Record<string, unknown>][] = [
  ['absent', (body, field) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== field))],
  ['null', (body, field) => ({ ...body, [field]: null })],
  ['empty', (body, field) => ({ ...body, [field]: '' })],
  ['blank', (body, field) => ({ ...body, [field]: '   ' })],
  ['a number', (body, field) => ({ ...body, [field]: 42 })],
  ['an array', (body, field) => ({ ...body, [field]: ['x'] })],
];

const jars: Record<Row['caller'], CookieJar> = { visitor: new CookieJar(), entitled: new CookieJar() };

// Every limit raised for this file: the counters may live in Redis (REDIS_URL), where closing the
// in-process limiter does not reset them, and no limit may decide these answers.
const raisedLimits = Object.values(rateLimitRules).map((rule) => rule.variable);
afterAll(() => {
  for (const variable of raisedLimits) delete process.env[variable];
});

beforeAll(async () => {
  for (const variable of raisedLimits) process.env[variable] = '1000000';
  await resetDatabase();
  expect((await call(verifyBeta, '/api/beta/verify', { jar: jars.visitor, body: { code: 'TREASURY2026' } })).status).toBe(200);
  jars.entitled = (await registeredUser(true, 'fields')).jar;
});

describe.each(rows)('$path without a proper $field', ({ path, handler, valid, field, message, caller }) => {
  // Passwords are kept as typed, so spaces are a (wrong) password, not a missing one.
  const cases = /password/i.test(field) ? variants.filter(([name]) => name !== 'blank') : variants;
  it.each(cases)(`answers 400 "${message}" when ${field} is %s`, async (_variant, make) => {
    // Fresh in-process counters: rate limits never decide these answers.
    await closeRateLimiter();
    const response = await call(handler, path, { jar: jars[caller].clone(), body: make(valid(), field) });
    expect([response.status, response.json?.message, response.json?.errors?.[field]?.[0]]).toEqual([400, message, message]);
  });
});
