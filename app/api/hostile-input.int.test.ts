import fs from 'node:fs';
import path from 'node:path';
import { POST as verifyBeta } from '@/app/api/beta/verify/route';
import { NextRequest } from 'next/server';
import { z } from 'zod';
import { db } from '@/lib/db';
import { databaseProvider } from '@/lib/env';
import { Prisma } from '@/lib/generated/sqlite/client';
import { apiRouteMethods } from '@/lib/web/api-routes';
import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { middleware } from '@/middleware';

// Every route handler under app/api against hostile input (malformed or oddly typed JSON, huge and
// deeply nested bodies, NUL bytes and lone surrogates, absurd numbers, hostile ids, query strings,
// cookies and headers), signed out and signed in. Each answer must be below 500 (503 only where a
// payment provider is not configured here), every 4xx must carry a JSON `message`, a protected
// route must refuse a signed-out caller with 401 whatever the input, and a refused request must
// leave every table's row count as it was.
//
// Left out: app/api/auth/[...nextauth] (next-auth reads next/headers, which needs Next's request
// scope; e2e/hostile-api.spec.ts sends it hostile input on the production server) and app/api/test/*
// (absent unless ENABLE_TEST_ROUTES=1). Wrong HTTP methods never reach a
// handler (Next picks the handler by its export), so they are checked against middleware.ts, which
// answers them from lib/web/api-routes.ts.

jest.setTimeout(120_000);

type Handler = (request: Request, context: never) => Promise<Response> | Response;
type Access = 'public' | 'user' | 'entitled' | 'beta' | 'secret';

interface RouteSpec {
  access: Access;
  /** A valid body for POST/PUT/PATCH; each of its fields is then replaced by each hostile value. */
  body?: () => Record<string, unknown>;
  /** The query parameters the route reads, each with a valid value. */
  query?: Record<string, string>;
  /** Valid values for the path's [params]; 'no-such-id' otherwise. */
  params?: () => Record<string, string>;
  /** Extra headers a valid request carries. */
  headers?: () => Record<string, string>;
  /** Hostile values of one header, for the routes that read it (cron, webhooks). */
  headerCases?: Record<string, string[]>;
  /** Bad `Authorization` values for /api/v1: a 401 in every phase, the session cookie notwithstanding (a key, when sent, is what counts). */
  bearerCases?: string[];
  /** A payment provider this environment has not configured: 503 with a message is an honest answer. */
  unconfiguredProvider?: boolean;
  /** Password fields: a value they accept costs a password hash (scrypt), so they get one of each kind, not every string. */
  passwordFields?: string[];
  /** Signs out, changes the password or 2FA: gets a user of its own rather than (a copy of the cookies of) the shared one. */
  ownUser?: boolean;
}

const fixtures = { companyId: '', signalId: '', userId: '' };
const uniqueEmail = (prefix: string) => `${prefix}${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Hostile `Authorization` values for /api/v1, which alone reads a bearer key: each is a 401. */
const bearerCases = ['', 'Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ti_${'A'.repeat(43)}`, `Bearer ti_${'x'.repeat(20_000)}`, 'Bearer ti_\u00e9\u00e9\u00e9', 'Bearer a b c', `Bearer ${"' OR '1'='1"}`];
const v1 = (spec: Omit<RouteSpec, 'access' | 'bearerCases'> = {}): RouteSpec => ({ access: 'entitled', bearerCases, ...spec });

const routes: Record<string, RouteSpec> = {
  'account/api-keys/[id]': { access: 'user' },
  'account/api-keys': { access: 'user', body: () => ({ name: 'Fuzz notebook', expiresInDays: 30 }) },
  // Administrators only: the shared (non-admin) user is told there is nothing here, whatever it sends.
  'admin/outbox': { access: 'user', query: { to: 'nobody@example.com', limit: '5' } },
  'affiliate/influencer-trial': { access: 'entitled' },
  'affiliate/links/[id]': { access: 'entitled', body: () => ({ isActive: false }) },
  'affiliate/links': { access: 'entitled', body: () => ({ name: 'Launch campaign' }) },
  'affiliate/stats': { access: 'entitled' },
  'alerts/[id]': { access: 'entitled' },
  alerts: { access: 'entitled', body: () => ({ kind: 'price', companyId: fixtures.companyId, signalId: fixtures.signalId, thresholdPct: 5 }) },
  'analytics/export': { access: 'entitled', query: { format: 'csv' } },
  'analytics/health-distribution': { access: 'entitled' },
  'analytics/sector-allocation': { access: 'entitled' },
  'analytics/treasury-trends': { access: 'entitled', query: { days: '30' } },
  'auth/change-password': { access: 'user', ownUser: true, passwordFields: ['currentPassword', 'newPassword'], body: () => ({ currentPassword: 'Vault-Ledger-2049', newPassword: 'Quartz-Harbor-7731' }) },
  'auth/forgot-password': { access: 'public', body: () => ({ email: 'nobody@example.com' }) },
  'auth/login': { access: 'public', passwordFields: ['password'], body: () => ({ email: 'nobody@example.com', password: 'Vault-Ledger-2049' }) },
  'auth/logout': { access: 'public', ownUser: true },
  'auth/mfa/disable': { access: 'user', ownUser: true, body: () => ({ verificationCode: 'VERIFIED' }) },
  'auth/mfa/dismiss-prompt': { access: 'user' },
  'auth/mfa/regenerate-backup-codes': { access: 'user' },
  'auth/mfa/setup': { access: 'user', ownUser: true },
  'auth/mfa/status': { access: 'user' },
  'auth/mfa/verify-setup': { access: 'user', ownUser: true, body: () => ({ tempSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456' }) },
  'auth/mfa/verify': { access: 'public', body: () => ({ userId: fixtures.userId, code: '123456', useBackup: false }) },
  'auth/register': { access: 'public', body: () => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('fuzz-register'), password: 'Vault-Ledger-2049' }) },
  'auth/reset-password': { access: 'public', passwordFields: ['password'], body: () => ({ token: 'no-such-reset-token', password: 'Quartz-Harbor-7731' }) },
  'auth/risk-assessment': { access: 'user' },
  'auth/user': { access: 'user' },
  'auth/verify-email/resend': { access: 'user', ownUser: true },
  'auth/verify-email': { access: 'public', body: () => ({ token: 'no-such-verification-token' }) },
  'beta/request': { access: 'public', body: () => ({ email: uniqueEmail('fuzz-beta') }) },
  'beta/reset': { access: 'public' },
  'beta/status': { access: 'public' },
  'beta/verify': { access: 'public', body: () => ({ code: 'TREASURY2026' }) },
  'chat/add-company': {
    access: 'entitled',
    body: () => ({
      companyInfo: { name: 'Fuzz Holdings', ticker: 'FUZZ', exchange: 'NASDAQ', sector: 'Technology', country: 'US', btcHoldings: 12.5, marketCapUsd: 1_000_000_000 },
      analysis: { summary: 'fine' },
    }),
  },
  'chat/analyze-company': { access: 'entitled', body: () => ({ message: 'analyze Acme Bitcoin Corp' }) },
  chat: { access: 'entitled', body: () => ({ message: 'hello' }) },
  'client-errors': { access: 'public', body: () => ({ referenceId: 'ERR-ABC123', message: 'Boom', stack: 'at x', digest: 'd1', url: '/dashboard' }) },
  'companies/[id]': { access: 'entitled', params: () => ({ id: fixtures.companyId }) },
  companies: { access: 'entitled', query: { limit: '10', offset: '0' } },
  contact: {
    access: 'beta',
    body: () => ({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'general', message: 'Hello there, a question.', urgency: 'low' }),
  },
  'create-subscription': { access: 'user', body: () => ({ planId: 'starter', interval: 'month', amount: 49 }) },
  cron: {
    access: 'secret',
    headers: () => ({ authorization: `Bearer ${process.env.CRON_SECRET}` }),
    headerCases: { authorization: ['', 'Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(20_000)}`, 'Bearer \u00e9\u00e9\u00e9', 'bearer fuzz-cron-secret-value-0123456789'] },
  },
  'dashboard/stats': { access: 'entitled' },
  'email/unsubscribe': { access: 'public', query: { token: 'bm8tc3VjaC11c2VyOmFsZXJ0cw.invalid-signature' } },
  'data-sources': { access: 'entitled' },
  'data/latest': { access: 'entitled' },
  'data/refresh': { access: 'entitled' },
  discoveries: { access: 'entitled', query: { status: 'watching', limit: '10' } },
  health: { access: 'public' },
  'market-data': { access: 'entitled' },
  'market-data/ticker': { access: 'user' },
  'notifications/preferences': { access: 'user', body: () => ({ digest: 'weekly', alerts: [], reports: [] }) },
  'payments/config': { access: 'public' },
  'payments/crypto/create': {
    access: 'user',
    body: () => ({ amount: 0.001, currency: 'BTC', planType: 'starter', userEmail: 'ada@example.com', interval: 'month' }),
    unconfiguredProvider: true,
  },
  'payments/crypto/rates': { access: 'public' },
  'payments/crypto/status/[paymentId]': { access: 'user' },
  'payments/demo/confirm': { access: 'user', body: () => ({ subscriptionId: 'sub_demo_missing' }) },
  'payments/paypal/order/[orderId]/capture': { access: 'user', unconfiguredProvider: true },
  'payments/paypal/order': {
    access: 'user',
    body: () => ({ amount: 49, currency: 'USD', intent: 'CAPTURE', planType: 'starter', interval: 'month' }),
    unconfiguredProvider: true,
  },
  'payments/paypal/setup': { access: 'user', unconfiguredProvider: true },
  'payments/plans': { access: 'public' },
  'payments/square/config': { access: 'user', unconfiguredProvider: true },
  'payments/square/process': {
    access: 'user',
    body: () => ({ sourceId: 'cnon:card-nonce-ok', amount: 49, currency: 'USD', planType: 'starter', interval: 'month' }),
    unconfiguredProvider: true,
  },
  'payments/stripe/confirm': { access: 'user', body: () => ({ paymentIntentId: 'pi_missing_123' }) },
  'payments/stripe/create-payment-intent': { access: 'user', body: () => ({ amount: 49, planType: 'starter', interval: 'month' }) },
  'payments/test-payment': { access: 'user', body: () => ({ amount: 29, currency: 'usd' }) },
  'refresh/stats': { access: 'entitled' },
  'reports/[id]/download': { access: 'entitled', query: { inline: '1' } },
  'reports/[id]': { access: 'entitled' },
  reports: { access: 'entitled', query: { period: '30d', q: 'health' }, body: () => ({ type: 'Health Analysis', period: '7d', template: 'custom' }) },
  'reports/schedules': { access: 'entitled' },
  'reports/stats': { access: 'entitled' },
  'signals/[id]/filing': { access: 'entitled', params: () => ({ id: fixtures.signalId }) },
  'signals/[id]/market-impact': { access: 'entitled', params: () => ({ id: fixtures.signalId }) },
  'signals/[id]/report': { access: 'entitled', params: () => ({ id: fixtures.signalId }) },
  'signals/[id]': { access: 'entitled', params: () => ({ id: fixtures.signalId }) },
  signals: {
    access: 'entitled',
    query: { severity: 'critical', type: 'sec-filing', q: 'bitcoin', since: '2020-01-01', cursor: cursorOf('2030-01-01T00:00:00.000Z|zzzz'), limit: '5' },
  },
  'signals/summary': { access: 'entitled' },
  'subscription/upgrade': { access: 'user', body: () => ({ planId: 'starter', paymentMethod: 'card' }) },
  suggestions: {
    access: 'entitled',
    body: () => ({ category: 'dashboard', title: 'Better charts', description: 'Please add a yearly view to the charts.', priority: 'low', email: 'ada@example.com' }),
  },
  'treasury/holdings': { access: 'entitled', query: { limit: '10', offset: '0' } },
  'v1/companies/[id]/capital-structure': v1({ params: () => ({ id: fixtures.companyId }), query: { format: 'csv' } }),
  'v1/companies/[id]/holdings-history': v1({ params: () => ({ id: fixtures.companyId }), query: { format: 'json' } }),
  'v1/companies/[id]/issuance': v1({ params: () => ({ id: fixtures.companyId }), query: { format: 'json' } }),
  'v1/companies/[id]/kpis': v1({ params: () => ({ id: fixtures.companyId }), query: { from: '2025-01-01', to: '2025-12-31' } }),
  'v1/companies/[id]/mnav-history': v1({ params: () => ({ id: fixtures.companyId }), query: { format: 'csv' } }),
  'v1/companies/[id]': v1({ params: () => ({ id: fixtures.companyId }) }),
  'v1/companies': v1({ query: { sector: 'Technology', country: 'US', healthGrade: 'A', minHoldingsBtc: '10', q: 'acme', limit: '5', cursor: cursorOf('100|zzzz') } }),
  'v1/dashboard': v1(),
  'v1/discoveries': v1({ query: { status: 'watching', limit: '10' } }),
  'v1/leaderboard': v1({ query: { format: 'csv', filter: 'high-risk' } }),
  'v1/market-prices': v1(),
  'v1/openapi.json': { access: 'public' },
  'v1/signals/export': v1({ query: { format: 'json', severity: 'critical', type: 'sec-filing', q: 'bitcoin', since: '2020-01-01' } }),
  'v1/signals': v1({ query: { severity: 'critical', type: 'sec-filing', q: 'bitcoin', since: '2020-01-01', cursor: cursorOf('2030-01-01T00:00:00.000Z|zzzz'), limit: '5' } }),
  'watchlist/[id]': { access: 'entitled' },
  watchlist: { access: 'entitled', body: () => ({ signalId: fixtures.signalId, note: 'watch it' }) },
  'webhooks/stripe': {
    access: 'secret',
    headers: () => ({ 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
    headerCases: { 'stripe-signature': ['', 't=,v1=', 'garbage', `t=abc,v1=${'z'.repeat(64)}`, `t=-1,v1=${'0'.repeat(64)}`, `t=1e309,v1=${'0'.repeat(64)}`, 'v1='.repeat(5000)] },
  },
};

const excluded = new Set(['auth/[...nextauth]', 'test/signals', 'test/data-sources']);

// ---------------------------------------------------------------------------------------------
// Hostile values

/** JSON text of hostile field values; raw, so 1e309 (Infinity), -0 and lone surrogates survive. */
const hostileValues: [string, string][] = [
  ['null', 'null'],
  ['true', 'true'],
  ['zero', '0'],
  ['negative', '-1'],
  ['negative zero', '-0'],
  ['fraction', '0.5'],
  ['1e309 (Infinity)', '1e309'],
  ['1e-400 (underflow)', '1e-400'],
  ['2^53+1', '9007199254740993'],
  ['400-digit integer', `1${'0'.repeat(400)}`],
  ['empty string', '""'],
  ['blank string', '"   "'],
  ['number as string', '"42"'],
  ['NaN as string', '"NaN"'],
  ['Infinity as string', '"Infinity"'],
  ['1e309 as string', '"1e309"'],
  ['object', '{"a":1}'],
  ['array', '[1,"a",null]'],
  ['empty array', '[]'],
  ['object as string', JSON.stringify('{"a":1}')],
  ['NUL byte', '"a\\u0000b"'],
  ['control characters', JSON.stringify('\u0001\u0008\u001b[31mred\u007f\u0085')],
  ['lone surrogate', '"x\\ud800y"'],
  ['unicode soup', JSON.stringify('𝕏 ñ 中文 \u202eRTL 👨‍👩‍👧 e\u0301 \ufeff \u200b')],
  ['SQL-ish', JSON.stringify(`x' OR '1'='1'; DROP TABLE "User"; --`)],
  ['path traversal', '"../../../../etc/passwd"'],
  ['markup', JSON.stringify('<script>alert(1)</script>')],
  ['prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['deeply nested object', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
  ['10 kB string', JSON.stringify('x'.repeat(10_000))],
  ['60 kB string', JSON.stringify('y'.repeat(60_000))],
];

/** For password fields: every JSON type, and the strings that stress encoding or length. */
const passwordFieldValues = hostileValues.filter(([label, raw]) => !raw.startsWith('"') || ['empty string', 'NUL byte', 'lone surrogate', 'unicode soup', '60 kB string'].includes(label));

/** Whole bodies that are not the object a route expects. */
const hostileBodies: [string, string | Uint8Array<ArrayBuffer>][] = [
  ['malformed JSON', '{"a":'],
  ['single-quoted JSON', "{'a':1}"],
  ['trailing garbage', '{}garbage'],
  ['bare word', 'undefined'],
  ['NaN literal', 'NaN'],
  ['byte-order mark', '\ufeff{}'],
  ['JSON null', 'null'],
  ['JSON array', '[]'],
  ['JSON array of objects', '[{"a":1}]'],
  ['JSON number', '42'],
  ['JSON string', '"hello"'],
  ['JSON true', 'true'],
  ['empty body', ''],
  ['whitespace body', ' \n\t '],
  ['NUL after the JSON', '{}\u0000'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])],
  ['deeply nested arrays (20k)', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['deeply nested objects (8k)', `${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}`],
  ['1 MB string', `{"x":"${'x'.repeat(1024 * 1024)}"}`],
  ['5000 keys', `{${Array.from({ length: 5000 }, (_, index) => `"k${index}":${index}`).join(',')}}`],
  ['prototype pollution', '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}'],
];

/** Hostile values of query parameters. */
const hostileQueryValues: [string, string][] = [
  ['-1', '-1'],
  ['0', '0'],
  ['abc', 'abc'],
  ['1e309', '1e309'],
  ['-1e309', '-1e309'],
  ['1.5', '1.5'],
  ['400 digits', '9'.repeat(400)],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['hex', '0x10'],
  ['padded', ' 5 '],
  ['empty', ''],
  ['null', 'null'],
  ['JSON array', '[1,2]'],
  ['JSON object', '{"$gt":""}'],
  ['NUL byte', 'a\u0000b'],
  ['control characters', '\u0001\u001b[0m\u007f'],
  ['unicode', '𝕏中文\u202e👨‍👩‍👧'],
  ['SQL-ish', `' OR '1'='1' --`],
  ['LIKE wildcards', '%_%\\'],
  ['FTS syntax', '"a" NEAR(b c) OR * AND ) ( ^ -'],
  ['path traversal', '../../etc/passwd'],
  ['10 kB', 'q'.repeat(10_000)],
  ['unknown enum value', 'unknown'],
  ['date before year 0', '-271821-04-20T00:00:00.000Z'],
  ['date at the JS maximum', '+275760-09-13T00:00:00.000Z'],
  ['not a date', 'not-a-date'],
];

const hostileCursors: [string, string][] = [
  ['garbage cursor', 'garbage!!'],
  ['cursor without an id', cursorOf('2026-01-01T00:00:00.000Z|')],
  ['cursor with a NUL id', cursorOf('2026-01-01T00:00:00.000Z|a\u0000b')],
  ['cursor with an ancient date', cursorOf('-271821-04-20T00:00:00.000Z|x')],
  ['cursor with a far-future date', cursorOf('+275760-09-13T00:00:00.000Z|x')],
  ['cursor with a huge id', cursorOf(`2026-01-01T00:00:00.000Z|${'x'.repeat(140)}`)],
  ['cursor with a lone surrogate', cursorOf('2026-01-01T00:00:00.000Z|\ud800')],
];

/** Hostile [id] path parameters, as Next hands them over (already decoded). */
const hostileIds: [string, string][] = [
  ['non-existent id', 'clzzzzzzzzzzzzzzzzzzzzzzz'],
  ['empty', ''],
  ['blank', '   '],
  ['very long (5000)', 'a'.repeat(5000)],
  ['SQL-ish', `1' OR '1'='1`],
  ['path traversal', '../../../etc/passwd'],
  ['encoded traversal', '%2e%2e%2f%2e%2e%2f'],
  ['NUL byte', 'a\u0000b'],
  ['lone surrogate', 'x\ud800'],
  ['unicode', '𝕏中文👨‍👩‍👧'],
  ['number', '-1'],
  ['1e309', '1e309'],
  ['prototype key', '__proto__'],
  ['constructor', 'constructor'],
  ['object text', '[object Object]'],
];

// ---------------------------------------------------------------------------------------------
// Cases

interface Case {
  label: string;
  method: string;
  query?: string;
  params?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Replaces the caller's cookies: the request is then signed out. */
  cookie?: string;
  /** The input is invalid: the answer must be a 4xx. */
  rejects?: boolean;
  /** The answer must be exactly this status. */
  status?: number;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);
const placeholder = '"__hostile_value__"';

function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  const entries = Object.entries(value);
  if (entries.length === 0) return [prefix];
  return entries.flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
}

function withPath(value: Record<string, unknown>, at: string[], replacement: unknown | typeof omit): Record<string, unknown> {
  const [head, ...rest] = at;
  const copy: Record<string, unknown> = { ...value };
  if (rest.length === 0) {
    if (replacement === omit) delete copy[head!];
    else copy[head!] = replacement;
  } else {
    copy[head!] = withPath(copy[head!] as Record<string, unknown>, rest, replacement);
  }
  return copy;
}
const omit = Symbol('omit');

function fieldCases(method: string, example: Record<string, unknown>, passwordFields: string[] = []): Case[] {
  const cases: Case[] = [];
  for (const at of leafPaths(example)) {
    if (at.length === 0) continue;
    const name = at.join('.');
    cases.push({ label: `${name} missing`, method, body: JSON.stringify(withPath(example, at, omit)) });
    const template = JSON.stringify(withPath(example, at, JSON.parse(placeholder)));
    for (const [label, raw] of passwordFields.includes(name) ? passwordFieldValues : hostileValues) {
      cases.push({ label: `${name} = ${label}`, method, body: template.replace(placeholder, () => raw) });
    }
  }
  const extras = JSON.stringify({ ...example, role: 'admin', subscriptionStatus: 'active', betaAccess: true, userId: 'someone-else', id: 'x' });
  cases.push({ label: 'unknown privileged fields', method, body: extras });
  cases.push({ label: '__proto__ beside the fields', method, body: `{"__proto__":{"admin":true},${JSON.stringify(example).slice(1)}` });
  cases.push({ label: 'duplicate keys', method, body: `${JSON.stringify(example).slice(0, -1)}${Object.keys(example).length ? ',' : ''}${Object.keys(example).map((key) => `"${key}":{"x":[1]}`).join(',')}}` });
  return cases;
}

function queryString(entries: [string, string][]): string {
  const search = new URLSearchParams();
  for (const [key, value] of entries) search.append(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function casesFor(spec: RouteSpec, method: string, paramNames: string[]): Case[] {
  const params = Object.fromEntries(paramNames.map((name) => [name, spec.params?.()[name] ?? 'no-such-id']));
  const query = Object.entries(spec.query ?? {});
  const hasBody = bodyMethods.has(method);
  const example = spec.body?.() ?? {};
  const exampleBody = hasBody ? JSON.stringify(example) : undefined;
  const base: Case = { label: 'valid request', method, params, query: queryString(query), body: exampleBody, headers: spec.headers?.() };
  const cases: Case[] = [base];

  if (hasBody) {
    for (const [label, body] of hostileBodies) cases.push({ ...base, label: `body: ${label}`, body });
    cases.push({ ...base, label: 'content-type text/plain', headers: { ...base.headers, 'content-type': 'text/plain' } });
    cases.push({ ...base, label: 'content-type form', body: 'a=1&b=%00&c[]=x', headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' } });
    cases.push({ ...base, label: 'content-type multipart', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', headers: { ...base.headers, 'content-type': 'multipart/form-data; boundary=x' } });
    cases.push({ ...base, label: 'content-type utf-16', headers: { ...base.headers, 'content-type': 'application/json; charset=utf-16le' } });
    cases.push({ ...base, label: 'declared content-length 10 GB', headers: { ...base.headers, 'content-length': '10000000000' } });
    cases.push({ ...base, label: 'content-length -1', headers: { ...base.headers, 'content-length': '-1' } });
    cases.push({ ...base, label: 'content-length abc', headers: { ...base.headers, 'content-length': 'abc' } });
    if (Object.keys(example).length) cases.push(...fieldCases(method, example, spec.passwordFields).map((item) => ({ ...base, ...item })));
  }

  for (const [name] of query) {
    const others = query.filter(([key]) => key !== name);
    const values = name === 'cursor' ? [...hostileQueryValues, ...hostileCursors] : hostileQueryValues;
    for (const [label, value] of values) cases.push({ ...base, label: `?${name}=${label}`, query: queryString([...others, [name, value]]) });
    cases.push({ ...base, label: `?${name} repeated`, query: queryString([...query, [name, 'abc'], [name, '-1']]) });
    cases.push({ ...base, label: `?${name}[] array syntax`, query: queryString([...others, [`${name}[]`, '1'], [`${name}[a]`, '2']]) });
  }
  cases.push({ ...base, label: 'junk query parameters', query: `${base.query ? `${base.query}&` : '?'}%zz=%&__proto__[x]=1&constructor=1&${Array.from({ length: 300 }, (_, index) => `p${index}=${index}`).join('&')}` });

  for (const name of paramNames) {
    for (const [label, value] of hostileIds) cases.push({ ...base, label: `[${name}] ${label}`, params: { ...params, [name]: value }, rejects: true });
  }

  if (bodyMethods.has(method) || method === 'DELETE') {
    cases.push({ ...base, label: 'foreign origin', headers: { ...base.headers, origin: 'https://evil.example' }, status: 403 });
    cases.push({ ...base, label: 'malformed origin', headers: { ...base.headers, origin: 'http://[' }, status: 403 });
  }
  cases.push({ ...base, label: 'hostile x-forwarded-for', headers: { ...base.headers, 'x-forwarded-for': `${'1.1.1.1, '.repeat(500)}\u00ff` } });
  cases.push({ ...base, label: 'hostile host header', headers: { ...base.headers, host: '\u00e9vil..example:99999' } });

  for (const value of spec.bearerCases ?? []) {
    cases.push({ ...base, label: `authorization: ${value.slice(0, 40)}`, headers: { ...base.headers, authorization: value }, status: 401 });
  }
  for (const [header, values] of Object.entries(spec.headerCases ?? {})) {
    for (const value of values) cases.push({ ...base, label: `${header}: ${value.slice(0, 40)}`, headers: { ...base.headers, [header]: value }, rejects: true });
  }
  return cases;
}

/** Cookies a signed-out caller may send: forged, malformed, or oversized session tokens. */
const hostileCookies: [string, string][] = [
  ['forged session token', 'next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z'],
  ['garbage session token', `next-auth.session-token=${'%'.repeat(10)}; __Secure-next-auth.session-token=%E0%A4%A`],
  ['oversized cookie', `next-auth.session-token=${'a'.repeat(8000)}`],
  ['malformed cookie header', ';;==;=x; =; treasury_beta=%ZZ; treasury_beta=forged'],
];

// ---------------------------------------------------------------------------------------------
// Running and checking

/**
 * What zod says when a schema gave no message of its own (installed for this file only): a field that
 * is absent, empty or of the wrong type must read the API's own words, as the spec's forms do (issue 13).
 */
const zodDefaultMessage = '<zod default message>';

const tableNames = Object.values(Prisma.ModelName);

// One row of counts: on PostgreSQL far cheaper than a UNION of one row per table.
const countSql = `SELECT ${tableNames.map((name) => `(SELECT CAST(COUNT(*) AS INTEGER) FROM "${name}") AS "${name}"`).join(', ')}`;

async function rowCounts(): Promise<Map<string, number>> {
  const [row] = await db.$queryRawUnsafe<Record<string, number | bigint>[]>(countSql);
  return new Map(tableNames.map((name) => [name, Number(row![name])]));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

interface Phase {
  name: 'signed out' | 'beta gate only' | 'entitled' | 'unentitled';
  jar?: CookieJar;
  /** The status every case must get (401 signed out, 403 unentitled), cross-origin refusals aside. */
  status?: number;
}

function urlOf(route: string, params: Record<string, string>, query = '') {
  // A URL cannot carry a lone surrogate; Next would hand over U+FFFD, the test hands the raw param.
  const wellFormed = (value: string) => value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  const pathname = route.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(wellFormed(params[name] ?? '')));
  return `/api/${pathname}${query}`;
}

/** Row counts after the previous case: a refused request must leave them as they are. */
let counts = new Map<string, number>();

async function runCase(route: string, spec: RouteSpec, handler: Handler, item: Case, phase: Phase): Promise<string | null> {
  // Rate limits would turn later cases into 429s before their input is read.
  await closeRateLimiter();
  const before = counts;
  let response: Awaited<ReturnType<typeof call>>;
  const headers = { ...item.headers };
  if (item.cookie !== undefined) headers.cookie = item.cookie;
  try {
    response = await withTimeout(
      call(handler, urlOf(route, item.params ?? {}, item.query), {
        method: item.method,
        rawBody: item.body,
        headers,
        params: item.params,
        jar: item.cookie === undefined ? phase.jar : undefined,
      }),
      20_000,
    );
  } catch (error) {
    counts = await rowCounts();
    return `threw: ${(error as Error).message}`;
  }
  const { status, json } = response;
  const problems: string[] = [];
  if (status >= 500 && !(status === 503 && spec.unconfiguredProvider)) problems.push(`status ${status}`);
  if (status >= 400 && (typeof json?.message !== 'string' || json.message.length === 0)) problems.push(`status ${status} without a JSON message: ${response.text.slice(0, 120)}`);
  if (item.rejects && status < 400) problems.push(`accepted invalid input with ${status}`);
  if (status >= 400 && [json?.message, ...Object.values(json?.errors ?? {}).flat()].includes(zodDefaultMessage)) {
    problems.push(`zod's default message instead of the API's own: ${JSON.stringify(json.errors ?? {})}`);
  }
  const expected = item.status ?? phase.status;
  if (expected !== undefined && status !== expected) problems.push(`status ${status}, expected ${expected}`);
  const protectedRoute = spec.access === 'user' || spec.access === 'entitled';
  if (phase.name === 'entitled' && protectedRoute && status === 401 && item.status !== 401) problems.push('the signed-in session was refused');
  counts = await rowCounts();
  if (status >= 400) {
    const changed = tableNames.filter((name) => before.get(name) !== counts.get(name));
    if (changed.length) problems.push(`refused but wrote rows to ${changed.join(', ')}`);
  }
  return problems.length ? `${problems.join('; ')} (${status} ${JSON.stringify(json?.message ?? '').slice(0, 100)})` : null;
}

async function runPhase(route: string, spec: RouteSpec, routeModule: Record<string, unknown>, phase: Phase, select: (item: Case) => boolean = () => true) {
  const failures: string[] = [];
  counts = await rowCounts();
  const paramNames = [...route.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]!);
  for (const method of exportedMethods(routeModule)) {
    const handler = routeModule[method] as Handler;
    const cases = casesFor(spec, method, paramNames).filter(select);
    if (phase.name === 'signed out') {
      for (const [label, cookie] of hostileCookies) cases.push({ label, method, cookie, params: cases[0]!.params, body: cases[0]!.body, headers: cases[0]!.headers });
    }
    for (const item of cases) {
      const problem = await runCase(route, spec, handler, item, phase);
      if (problem) failures.push(`${method} ${item.label}: ${problem}`);
    }
  }
  return failures;
}

const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const exportedMethods = (routeModule: Record<string, unknown>) => httpMethods.filter((method) => typeof routeModule[method] === 'function');

function routeFiles(): string[] {
  const root = path.join(__dirname);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') found.push(path.relative(root, dir).split(path.sep).join('/'));
    }
  };
  walk(root);
  return found.sort();
}

// ---------------------------------------------------------------------------------------------

const saved = { ...process.env };
let gateJar: CookieJar;
let unentitled: CookieJar;
let entitled: CookieJar;

beforeAll(async () => {
  // In-process rate limits and bus, so each case can start from fresh limits; no provider keys;
  // no network: the crypto rates call fails fast and falls back to stored prices.
  for (const key of ['REDIS_URL', 'STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_ID', 'SQUARE_ACCESS_TOKEN', 'CRYPTO_BTC_XPUB', 'CRYPTO_BTC_ADDRESSES', 'LLM_BASE_URL', 'ENABLE_TEST_ROUTES']) delete process.env[key];
  process.env.COINGECKO_BASE_URL = 'http://127.0.0.1:9';
  process.env.CRON_SECRET = 'fuzz-cron-secret-value-0123456789';
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_fuzz_0123456789';
  z.config({ customError: () => zodDefaultMessage });
  await resetDatabase();
  // Every case counts every table's rows; on PostgreSQL the rows earlier suites deleted stay behind
  // as dead tuples each count scans (hundreds of thousands of seeded snapshots) until vacuumed.
  if (databaseProvider() === 'postgresql') await db.$executeRawUnsafe('VACUUM');
  const company = await db.company.create({
    data: { name: 'Acme Bitcoin Corp', ticker: 'ACME', exchange: 'NASDAQ', sector: 'Technology', btcHoldings: 100, holdingsAsOf: new Date(), source: 'test', marketCapUsd: 50_000_000 },
  });
  const signal = await db.signal.create({
    data: {
      sourceId: 'fuzz-1',
      companyId: company.id,
      companyName: company.name,
      description: 'Acme Bitcoin Corp filed an 8-K reporting a purchase of 50 bitcoin.',
      source: 'SEC EDGAR 8-K',
      detectedAt: new Date(Date.now() - 86_400_000),
      confidence: 88,
      signalType: 'sec-filing',
      severity: 'critical',
      formType: '8-K',
      details: JSON.stringify({ accession: '0001-26-000001', items: ['8.01'] }),
    },
  });
  Object.assign(fixtures, { companyId: company.id, signalId: signal.id });
  gateJar = new CookieJar();
  await call(verifyBeta, '/api/beta/verify', { jar: gateJar, body: { code: 'TREASURY2026' } });
  unentitled = (await registeredUser(false, 'fuzz-unentitled')).jar;
  entitled = (await registeredUser(true, 'fuzz-entitled')).jar;
  fixtures.userId = (await registeredUser(true, 'fuzz-mfa')).id;
});

afterAll(async () => {
  // Report generation runs on after its 202; let it finish before the connections close.
  for (let attempt = 0; attempt < 400 && (await db.report.count({ where: { status: 'generating' } })) > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.env = saved;
});

describe('the route table', () => {
  it('names every route handler under app/api', () => {
    const files = routeFiles().filter((route) => !excluded.has(route));
    expect(files.filter((route) => !(route in routes))).toEqual([]);
    expect(Object.keys(routes).filter((route) => !files.includes(route))).toEqual([]);
  });

  it('agrees with the methods middleware allows (lib/web/api-routes.ts)', async () => {
    const exported: Record<string, string[]> = {};
    for (const route of routeFiles()) exported[route] = exportedMethods(await import(`./${route}/route`));
    expect(apiRouteMethods).toEqual(exported);
  });
});

describe('wrong HTTP methods', () => {
  const sample = (route: string) => `/api/${route.replace(/\[\.\.\.[^\]]+\]/g, 'session').replace(/\[[^\]]+\]/g, 'some-id')}`;

  it.each(Object.entries(apiRouteMethods))('/api/%s answers any other method with a JSON 405', async (route, methods) => {
    for (const method of [...httpMethods, 'HEAD', 'OPTIONS', 'PROPFIND', 'FOO']) {
      const response = await middleware(new NextRequest(`http://localhost${sample(route)}`, { method }));
      const passes = response.headers.get('x-middleware-next') === '1';
      const allowed = (methods as readonly string[]).includes(method) || method === 'OPTIONS' || (method === 'HEAD' && methods.includes('GET'));
      expect([method, passes]).toEqual([method, allowed]);
      if (!allowed) {
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toContain(methods[0]);
        expect(await response.json()).toEqual({ message: expect.stringContaining(`${method} is not supported here`), code: 'method_not_allowed' });
      }
    }
  });

  it('resolves a path the way Next does: static segments before [params] before catch-alls', async () => {
    const status = async (path: string, method: string) => (await middleware(new NextRequest(`http://localhost${path}`, { method }))).status;
    expect(await status('/api/auth/login', 'GET')).toBe(405);
    expect(await status('/api/auth/session', 'GET')).toBe(200);
    expect(await status('/api/auth/callback/credentials', 'POST')).toBe(200);
    expect(await status('/api/signals/summary', 'DELETE')).toBe(405);
    expect(await status('/api/reports/abc/download/', 'POST')).toBe(405);
    expect(await status('/api/no/such/route', 'PUT')).toBe(404);
  });

  it('answers an /api path no route serves with a JSON 404, whatever the method', async () => {
    for (const [path, method] of [['/api/no/such/route', 'GET'], ['/api/signals/abc/def', 'POST'], ['/api/', 'GET'], ['/api/market-data/ticker/x', 'DELETE']] as const) {
      const response = await middleware(new NextRequest(`http://localhost${path}`, { method, headers: { origin: 'http://localhost', host: 'localhost' } }));
      expect([path, response.status, await response.json()]).toEqual([path, 404, { message: 'There is no API endpoint at this path.', code: 'not_found' }]);
    }
  });

  it('answers a path Next cannot decode with a JSON 400', async () => {
    for (const path of ['/api/signals/%zz', '/api/signals/%ED%A0%80', '/api/reports/%E0%A4%A/download', '/api/auth/%C0%AF']) {
      const response = await middleware(new NextRequest(`http://localhost${path}`));
      expect([path, response.status, await response.json()]).toEqual([path, 400, { message: 'The URL path is not valid percent-encoded UTF-8.', code: 'validation_failed' }]);
    }
  });
});

describe.each(Object.entries(routes))('/api/%s', (route, spec) => {
  let routeModule: Record<string, unknown>;
  beforeAll(async () => {
    routeModule = await import(`./${route}/route`);
    // A company's [id] is also its slug (its ticker). Fuzzing add-company earlier may rightly have
    // stored a company whose ticker is one of the hostile ids (1E309), which would then resolve.
    if (route.startsWith('companies/[id]') || route.startsWith('v1/companies/[id]')) {
      // Printable ASCII only: PostgreSQL refuses a NUL byte or a lone surrogate in a query parameter.
      const tickers = hostileIds.map(([, value]) => value.toUpperCase()).filter((value) => /^[\x20-\x7e]*$/.test(value));
      await db.company.deleteMany({ where: { ticker: { in: tickers }, id: { not: fixtures.companyId } } });
      counts = await rowCounts();
    }
  });

  it('survives hostile input signed out', async () => {
    const status = spec.access === 'user' || spec.access === 'entitled' ? 401 : spec.access === 'beta' ? 403 : undefined;
    expect(await runPhase(route, spec, routeModule, { name: 'signed out', status })).toEqual([]);
  });

  if (spec.access === 'beta') {
    it('survives hostile input past the beta gate, signed out', async () => {
      expect(await runPhase(route, spec, routeModule, { name: 'beta gate only', jar: gateJar.clone() })).toEqual([]);
    });
  }

  if (spec.access !== 'secret') {
    it('survives hostile input signed in', async () => {
      const jar = spec.ownUser ? (await registeredUser(true, 'fuzz-own')).jar : entitled.clone();
      expect(await runPhase(route, spec, routeModule, { name: 'entitled', jar })).toEqual([]);
    });
  }

  if (spec.access === 'entitled') {
    it('refuses an unentitled user with 403 whatever the input', async () => {
      const generic = (item: Case) => !/^[\w.]+ (=|missing)/.test(item.label);
      expect(await runPhase(route, spec, routeModule, { name: 'unentitled', jar: unentitled, status: 403 }, generic)).toEqual([]);
    });
  }
});
