import { DELETE as revokeKey } from '@/app/api/account/api-keys/[id]/route';
import { GET as listKeys, POST as createKey } from '@/app/api/account/api-keys/route';
import { GET as legacyHoldings } from '@/app/api/treasury/holdings/route';
import { GET as legacySignals } from '@/app/api/signals/route';
import { GET as legacyCompany } from '@/app/api/companies/[id]/route';
import { GET as mnavHistory } from '@/app/api/v1/companies/[id]/mnav-history/route';
import { GET as capitalStructure } from '@/app/api/v1/companies/[id]/capital-structure/route';
import { GET as companyKpis } from '@/app/api/v1/companies/[id]/kpis/route';
import { GET as issuance } from '@/app/api/v1/companies/[id]/issuance/route';
import { GET as holdingsHistory } from '@/app/api/v1/companies/[id]/holdings-history/route';
import { GET as company } from '@/app/api/v1/companies/[id]/route';
import { GET as companies } from '@/app/api/v1/companies/route';
import { GET as dashboard } from '@/app/api/v1/dashboard/route';
import { GET as discoveries } from '@/app/api/v1/discoveries/route';
import { GET as leaderboard } from '@/app/api/v1/leaderboard/route';
import { GET as marketPrices } from '@/app/api/v1/market-prices/route';
import { GET as openapi } from '@/app/api/v1/openapi.json/route';
import { GET as signalsExport } from '@/app/api/v1/signals/export/route';
import { GET as signals } from '@/app/api/v1/signals/route';
import { GET as authUser } from '@/app/api/auth/user/route';
import { GET as reports } from '@/app/api/reports/route';
import { GET as affiliateStats } from '@/app/api/affiliate/stats/route';
import { hashSecret } from '@/lib/api-keys/secret';
import { v1Endpoints } from '@/lib/api-v1/endpoints';
import { applyDashboardFilter } from '@/lib/dashboard/filters';
import type { HoldingRecord } from '@/lib/dashboard/holding-row';
import { parseCsv } from '@/lib/csv';
import { db } from '@/lib/db';
import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { resetToSeed } from '@/test/support/database';
import { call, type CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { capitalize, displayCompanyName, signalTypeLabel } from '@/lib/signals/display';

// The read API of issue 17 against the seeded database: keys created, listed and revoked by
// session; bearer auth carrying the owner's entitlement; rate limits; ETags; cursors; every answer
// against the schema the OpenAPI document is generated from; exports against the screens' rows.

jest.setTimeout(120_000);

type Handler = Parameters<typeof call>[0];

let owner: { jar: CookieJar; id: string };
let secret: string;
let keyId: string;
let companyId: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newKey(jar: CookieJar, name = 'Notebook', expiresInDays: number | null = null) {
  const response = await call(createKey, '/api/account/api-keys', { jar, body: { name, expiresInDays } });
  expect(response.status).toBe(201);
  return response.json as { key: { id: string; prefix: string }; secret: string };
}

/** The CSV rows after the "# " comment lines, keyed by the header. */
function csvRows(text: string) {
  const lines = text.split('\r\n');
  const comments = lines.filter((line) => line.startsWith('# '));
  return { comments, rows: parseCsv(lines.filter((line) => !line.startsWith('# ')).join('\r\n')) };
}

beforeAll(async () => {
  await resetToSeed();
  owner = await registeredUser(true, 'apikey-owner');
  const created = await newKey(owner.jar);
  secret = created.secret;
  keyId = created.key.id;
  companyId = (await db.company.findFirstOrThrow({ where: { ticker: 'MSTR' } })).id;
}, 180_000);

afterEach(async () => {
  delete process.env.API_RATE_LIMITS;
  await closeRateLimiter();
});

describe('API keys', () => {
  it('shows the secret once, stores only its hash and lists the key by its prefix', async () => {
    expect(secret).toMatch(/^ti_[A-Za-z0-9_-]{43}$/);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(stored.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.prefix).toBe(secret.slice(0, 11));

    const list = await call(listKeys, '/api/account/api-keys', { jar: owner.jar });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secret);
    expect(list.json[0]).toMatchObject({ id: keyId, name: 'Notebook', prefix: stored.prefix, status: 'active', useCount: expect.any(Number) });
  });

  it('checks the name and the expiry', async () => {
    const blank = await call(createKey, '/api/account/api-keys', { jar: owner.jar, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Enter a name for the key.');
    const tooLong = await call(createKey, '/api/account/api-keys', { jar: owner.jar, body: { name: 'k', expiresInDays: 400 } });
    expect(tooLong.json.message).toBe('A key can last at most 365 days.');
  });

  it('needs a session: signed out 401, no subscription 403 for creating; a key cannot manage keys', async () => {
    expect((await call(listKeys, '/api/account/api-keys')).status).toBe(401);
    expect((await call(listKeys, '/api/account/api-keys', { headers: bearer(secret) })).status).toBe(401);
    expect((await call(createKey, '/api/account/api-keys', { headers: bearer(secret), body: { name: 'x' } })).status).toBe(401);
    const { jar } = await registeredUser(false, 'apikey-unentitled');
    expect((await call(createKey, '/api/account/api-keys', { jar, body: { name: 'x' } })).status).toBe(403);
  });

  it('cannot reach account, billing, reports or affiliate routes with a key', async () => {
    for (const [handler, path] of [[authUser, '/api/auth/user'], [reports, '/api/reports'], [affiliateStats, '/api/affiliate/stats']] as const) {
      expect((await call(handler as Handler, path, { headers: bearer(secret) })).status).toBe(401);
    }
  });

  it('counts each use and records when it was last used', async () => {
    const before = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect((await call(dashboard, '/api/v1/dashboard', { headers: bearer(secret) })).status).toBe(200);
    const after = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(after.useCount).toBe(before.useCount + 1);
    expect(after.lastUsedAt).not.toBeNull();
  });

  it('a revoked key fails on the next request; someone else cannot revoke it', async () => {
    const { key, secret: token } = await newKey(owner.jar, 'Spreadsheet');
    expect((await call(companies, '/api/v1/companies', { headers: bearer(token) })).status).toBe(200);
    const stranger = await registeredUser(true, 'apikey-stranger');
    expect((await call(revokeKey, `/api/account/api-keys/${key.id}`, { method: 'DELETE', jar: stranger.jar, params: { id: key.id } })).status).toBe(404);
    const revoked = await call(revokeKey, `/api/account/api-keys/${key.id}`, { method: 'DELETE', jar: owner.jar, params: { id: key.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.json.status).toBe('revoked');
    const refused = await call(companies, '/api/v1/companies', { headers: bearer(token) });
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain(token);
  });

  it('an expired key fails', async () => {
    const { key, secret: token } = await newKey(owner.jar, 'Short-lived', 1);
    await db.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(signals, '/api/v1/signals', { headers: bearer(token) })).status).toBe(401);
  });
});

describe('bearer authentication', () => {
  it('refuses a missing, malformed or unknown key with 401 and never echoes it', async () => {
    expect((await call(companies, '/api/v1/companies')).status).toBe(401);
    for (const header of ['Basic Zm9vOmJhcg==', 'Bearer', 'Bearer ti_short', `Bearer ti_${'A'.repeat(43)}`, `Bearer ${secret}x`]) {
      const response = await call(companies, '/api/v1/companies', { headers: { authorization: header } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const token = header.split(' ')[1];
      if (token) expect(response.text).not.toContain(token);
    }
  });

  it('stops working when the owner’s subscription lapses (403), and works again when renewed', async () => {
    const lapsing = await registeredUser(true, 'apikey-lapsing');
    const { secret: token } = await newKey(lapsing.jar);
    expect((await call(companies, '/api/v1/companies', { headers: bearer(token) })).status).toBe(200);
    await db.user.update({ where: { id: lapsing.id }, data: { betaAccess: false, subscriptionStatus: 'active', subscriptionTier: 'starter', subscriptionEndsAt: new Date(Date.now() - 60_000) } });
    const lapsed = await call(companies, '/api/v1/companies', { headers: bearer(token) });
    expect(lapsed.status).toBe(403);
    expect(lapsed.json.message).toBe('An active subscription or beta access is required.');
    await db.user.update({ where: { id: lapsing.id }, data: { subscriptionEndsAt: new Date(Date.now() + 86_400_000) } });
    expect((await call(companies, '/api/v1/companies', { headers: bearer(token) })).status).toBe(200);
  });

  it('also accepts the entitled session (the screens’ download buttons)', async () => {
    expect((await call(companies, '/api/v1/companies', { jar: owner.jar })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('sends RateLimit-* headers and answers 429 with Retry-After past the plan’s limit', async () => {
    process.env.API_RATE_LIMITS = 'beta=3';
    const { secret: token } = await newKey(owner.jar, 'Limited');
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await call(dashboard, '/api/v1/dashboard', { headers: bearer(token) });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      remaining.push(response.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call(dashboard, '/api/v1/dashboard', { headers: bearer(token) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.json.message).toMatch(/^Rate limit reached: 3 requests per 60 seconds/);
    // Per key: another key of the same owner has its own window.
    const { secret: other } = await newKey(owner.jar, 'Other');
    expect((await call(dashboard, '/api/v1/dashboard', { headers: bearer(other) })).status).toBe(200);
  });

  it('gives a paid plan its own limit', async () => {
    process.env.API_RATE_LIMITS = 'beta=3,professional=7';
    const pro = await registeredUser(true, 'apikey-pro');
    await db.user.update({ where: { id: pro.id }, data: { subscriptionStatus: 'active', subscriptionTier: 'professional' } });
    const { secret: token } = await newKey(pro.jar);
    const response = await call(dashboard, '/api/v1/dashboard', { headers: bearer(token) });
    expect(response.headers.get('ratelimit-limit')).toBe('7');
  });
});

describe('caching', () => {
  it('answers 304 to a matching If-None-Match, with private caching', async () => {
    const first = await call(companies, '/api/v1/companies?limit=5', { headers: bearer(secret) });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=60');
    const again = await call(companies, '/api/v1/companies?limit=5', { headers: { ...bearer(secret), 'if-none-match': `W/${etag}` } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const other = await call(companies, '/api/v1/companies?limit=6', { headers: { ...bearer(secret), 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });
});

describe('pagination and filters', () => {
  it('walks every company with the cursor, no duplicates or gaps, largest first', async () => {
    const all = await db.company.count();
    const seen: { id: string; holdingsBtc: number }[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(companies, `/api/v1/companies?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { headers: bearer(secret) });
      expect(page.status).toBe(200);
      seen.push(...page.json.data);
      cursor = page.json.meta.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(all);
    expect(new Set(seen.map((row) => row.id)).size).toBe(all);
    const amounts = seen.map((row) => row.holdingsBtc);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('filters companies', async () => {
    const response = await call(companies, '/api/v1/companies?sector=Financial&minHoldingsBtc=1000&q=strat', { headers: bearer(secret) });
    expect(response.status).toBe(200);
    expect(response.json.data.length).toBeGreaterThan(0);
    for (const row of response.json.data) {
      expect(row.sector).toBe('Financial');
      expect(row.holdingsBtc).toBeGreaterThanOrEqual(1000);
      expect(`${row.name} ${row.ticker}`.toLowerCase()).toContain('strat');
    }
    expect((await call(companies, '/api/v1/companies?cursor=bm90LWEtY3Vyc29y', { headers: bearer(secret) })).status).toBe(400);
  });

  it('pages signals with since, type and severity like the screen’s list', async () => {
    const first = await call(signals, '/api/v1/signals?limit=3&since=2020-01-01', { headers: bearer(secret) });
    expect(first.json.data).toHaveLength(3);
    const second = await call(signals, `/api/v1/signals?limit=3&since=2020-01-01&cursor=${first.json.meta.nextCursor}`, { headers: bearer(secret) });
    const ids = [...first.json.data, ...second.json.data].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const legacy = await call(legacySignals, '/api/signals?limit=6&since=2020-01-01', { jar: owner.jar });
    expect(ids).toEqual(legacy.json.map((row: { id: string }) => row.id).slice(0, ids.length));
    const typed = await call(signals, '/api/v1/signals?type=sec-filing&severity=high', { headers: bearer(secret) });
    for (const row of typed.json.data) expect(row).toMatchObject({ signalType: 'sec-filing', severity: 'high' });
    const invalid = await call(signals, '/api/v1/signals?severity=urgent', { headers: bearer(secret) });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('severity must be one of critical, high, medium, low');
    expect(invalid.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
  });
});

describe('schema conformance', () => {
  const handlers: Record<string, Handler> = {
    '/api/v1/companies': companies,
    '/api/v1/companies/{id}': company,
    '/api/v1/companies/{id}/holdings-history': holdingsHistory,
    '/api/v1/companies/{id}/mnav-history': mnavHistory,
    '/api/v1/companies/{id}/capital-structure': capitalStructure,
    '/api/v1/companies/{id}/kpis': companyKpis,
    '/api/v1/companies/{id}/issuance': issuance,
    '/api/v1/signals': signals,
    '/api/v1/signals/export': signalsExport,
    '/api/v1/discoveries': discoveries,
    '/api/v1/market-prices': marketPrices,
    '/api/v1/dashboard': dashboard,
    '/api/v1/leaderboard': leaderboard,
  };

  it('has a handler for every endpoint of the document', () => {
    expect(Object.keys(handlers).sort()).toEqual(v1Endpoints.map((endpoint) => endpoint.path).sort());
  });

  it.each(v1Endpoints.map((endpoint) => [endpoint.path, endpoint] as const))('%s answers what its schema says', async (path, endpoint) => {
    const url = path.replace('{id}', companyId) + (endpoint.isExport ? '?format=json' : '');
    const response = await call(handlers[path]!, url, { headers: bearer(secret), params: { id: companyId } });
    expect(response.status).toBe(200);
    const parsed = endpoint.response.safeParse(response.json);
    if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
    // Nothing beyond the schema is sent.
    expect(parsed.data).toEqual(response.json);
  });

  it('serves an OpenAPI 3.1 document naming every endpoint, publicly', async () => {
    const response = await call(openapi, '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.json.openapi).toBe('3.1.0');
    expect(Object.keys(response.json.paths).sort()).toEqual(v1Endpoints.map((endpoint) => endpoint.path).sort());
    expect(response.json.components.schemas.Company.properties.holdingsBtc).toEqual({ type: 'number' });
    expect(JSON.stringify(response.json)).not.toContain('#/$defs/');
  });

  it('carries the mNAV history, metrics with their defaults, audit trail and sources for one company', async () => {
    const response = await call(company, `/api/v1/companies/${companyId}`, { headers: bearer(secret), params: { id: companyId } });
    const legacy = await call(legacyCompany, `/api/companies/${companyId}`, { jar: owner.jar, params: { id: companyId } });
    const { data } = response.json;
    expect(data.holdingsHistory.map((point: { holdingsBtc: number }) => point.holdingsBtc)).toEqual(legacy.json.holdingsHistory.map((point: { quantity: number }) => point.quantity));
    expect(data.mnavHistory.map((point: { mnavMultiple: number }) => point.mnavMultiple)).toEqual(legacy.json.mnavHistory.map((point: { premiumToNav: number }) => point.premiumToNav));
    expect(data.auditTrail).toHaveLength(legacy.json.changes.length);
    expect(data.sources.length).toBeGreaterThan(0);
    expect(data.metrics.defaults).not.toContain('premiumToNav');
    expect(legacy.json.metrics.defaults.includes('premiumToNav')).toBe(data.metrics.defaults.includes('mnavMultiple'));
    expect((await call(company, '/api/v1/companies/nope', { headers: bearer(secret), params: { id: 'nope' } })).status).toBe(404);
  });
});

describe('exports', () => {
  it.each(['all', 'high-risk', 'safe-holdings'] as const)('the leaderboard CSV (%s) has the dashboard table’s rows and columns', async (filter) => {
    const response = await call(leaderboard, `/api/v1/leaderboard?format=csv&filter=${filter}`, { headers: bearer(secret) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="treasury-leaderboard-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { comments, rows } = csvRows(response.text);
    expect(comments[0]).toMatch(/^# Top 100 Bitcoin Treasury Holdings/);
    expect(comments[1]).toMatch(/^# As of: \d{4}-\d{2}-\d{2}T/);
    expect(comments[2]).toMatch(/^# Sources: holdings: /);
    // What the screen renders: the holdings query, filtered by the same function, ranked in the unfiltered order.
    const screen: HoldingRecord[] = (await call(legacyHoldings, '/api/treasury/holdings', { jar: owner.jar })).json;
    const shown = applyDashboardFilter(screen, filter, { now: new Date(), recentChangeIds: new Set() });
    expect(rows.map((row) => row.company)).toEqual(shown.map((row) => row.name));
    const first = shown[0];
    if (first) {
      expect(rows[0]).toEqual({
        rank: String(screen.indexOf(first) + 1),
        company: first.name,
        ticker: first.ticker,
        exchange: first.exchange,
        sector: first.sector,
        holdings_btc: String(first.btcHoldings),
        value_usd: first.holdings[0]!.currentValue === null ? '' : String(first.holdings[0]!.currentValue),
        health_grade: first.metrics.healthGrade,
        ai_risk_score: String(first.metrics.aiRiskScore),
        mnav_multiple: first.metrics.premiumToNav === null ? '' : String(first.metrics.premiumToNav),
        mnav_as_of: first.metrics.mNavAsOf ?? '',
      });
    }
  });

  it('the signals CSV has every signal the screen lists for its filters, in order', async () => {
    const response = await call(signalsExport, '/api/v1/signals/export?severity=high', { jar: owner.jar });
    expect(response.status).toBe(200);
    const { comments, rows } = csvRows(response.text);
    expect(comments[0]).toBe('# Signals (severity high)');
    const screen: { id: string; description: string; severity: string; signalType: string; source: string; confidence: number; detectedAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(legacySignals, `/api/signals?severity=high&limit=200${cursor ? `&cursor=${cursor}` : ''}`, { jar: owner.jar });
      screen.push(...page.json);
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(rows).toHaveLength(screen.length);
    expect(rows[0]).toEqual({
      detected_at: screen[0]!.detectedAt,
      company: displayCompanyName(screen[0]!),
      severity: capitalize(screen[0]!.severity),
      signal_type: signalTypeLabel(screen[0]!.signalType),
      description: screen[0]!.description,
      source: screen[0]!.source,
      confidence_percent: String(screen[0]!.confidence),
    });
  });

  it('the holdings and mNAV history files match the company screen', async () => {
    const legacy = (await call(legacyCompany, `/api/companies/${companyId}`, { jar: owner.jar, params: { id: companyId } })).json;
    const holdings = await call(holdingsHistory, `/api/v1/companies/${companyId}/holdings-history`, { headers: bearer(secret), params: { id: companyId } });
    const parsed = csvRows(holdings.text);
    expect(parsed.comments[0]).toBe('# Strategy (MicroStrategy) (MSTR) holdings history');
    expect(parsed.rows.map((row) => Number(row.holdings_btc))).toEqual(legacy.holdingsHistory.map((point: { quantity: number }) => point.quantity));
    const mnav = await call(mnavHistory, `/api/v1/companies/${companyId}/mnav-history?format=json`, { headers: bearer(secret), params: { id: companyId } });
    expect(mnav.json.meta.columns).toEqual(['as_of', 'mnav_multiple']);
    expect(mnav.json.data).toEqual(legacy.mnavHistory.map((point: { asOf: string; premiumToNav: number }) => ({ as_of: point.asOf, mnav_multiple: point.premiumToNav })));
  });

  // 1,234 matches of one search: also more FTS candidates than SQLite binds in one query.
  it('streams a long signal history page by page, every row once', async () => {
    const company = await db.company.findFirstOrThrow({ where: { ticker: 'MSTR' } });
    const base = Date.UTC(2019, 0, 1);
    await db.signal.createMany({
      data: Array.from({ length: 1_234 }, (_, index) => ({
        sourceId: `bulk-export-${index}`,
        companyId: company.id,
        companyName: company.name,
        description: `Bulk export signal ${index}`,
        source: 'Bulk test source',
        detectedAt: new Date(base + index * 60_000),
        confidence: 50,
        signalType: 'other',
        severity: 'medium',
      })),
    });
    const response = await call(signalsExport, '/api/v1/signals/export?q=Bulk%20export%20signal&format=csv', { headers: bearer(secret) });
    const { rows } = csvRows(response.text);
    expect(rows).toHaveLength(1_234);
    expect(new Set(rows.map((row) => row.description)).size).toBe(1_234);
    expect(rows[0]!.description).toBe('Bulk export signal 1233');
    const json = await call(signalsExport, '/api/v1/signals/export?q=Bulk%20export%20signal&format=json', { headers: bearer(secret) });
    expect(json.json.data).toHaveLength(1_234);
  });

  it('neutralises spreadsheet formulas in text cells', async () => {
    const signal = await db.signal.findFirstOrThrow({ where: { severity: 'low' }, orderBy: { detectedAt: 'desc' } });
    await db.signal.update({ where: { id: signal.id }, data: { description: '=HYPERLINK("http://evil.example","x")' } });
    const response = await call(signalsExport, '/api/v1/signals/export?severity=low', { headers: bearer(secret) });
    expect(response.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});
