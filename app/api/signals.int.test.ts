import { registeredUser } from '@/test/support/users';
import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { DELETE as deleteAlert } from './alerts/[id]/route';
import { GET as listAlerts, POST as createAlert } from './alerts/route';
import { GET as filing } from './signals/[id]/filing/route';
import { GET as marketImpact } from './signals/[id]/market-impact/route';
import { GET as signalDetail } from './signals/[id]/route';
import { GET as signals } from './signals/route';
import { GET as summary } from './signals/summary/route';
import { DELETE as deleteWatch } from './watchlist/[id]/route';
import { GET as listWatchlist, POST as watch } from './watchlist/route';

// The Signals screen's endpoints (spec 001 §2, §4) on a real database: counters, one signal, its
// filing and market impact from stored prices, and each user's own watchlist and alert rules.

const day = 86_400_000;

async function user(entitled: boolean) {
  return (await registeredUser(entitled)).jar;
}

let analyst: CookieJar;
let other: CookieJar;
let filingSignalId: string;
let plainSignalId: string;
let companyId: string;
const now = Date.now();

beforeAll(async () => {
  await resetDatabase();
  const company = await db.company.create({
    data: { name: 'Acme Bitcoin Corp', ticker: 'ACME', exchange: 'NASDAQ', sector: 'Technology', btcHoldings: 100, holdingsAsOf: new Date(), source: 'test', marketCapUsd: 50_000_000 },
  });
  companyId = company.id;
  const peer = await db.company.create({ data: { name: 'Peer Tech', ticker: 'PEER', exchange: 'NYSE', sector: 'Technology', btcHoldings: 5, holdingsAsOf: new Date(), source: 'test' } });
  const detectedAt = new Date(now - 3 * day);
  const base = { source: 'SEC EDGAR 8-K', confidence: 88, detectedAt, companyName: company.name };
  const stored = await db.signal.create({
    data: {
      ...base,
      sourceId: '0001-26-000001',
      companyId,
      description: 'Acme Bitcoin Corp filed an 8-K reporting a purchase of 50 BTC.',
      signalType: 'sec-filing',
      severity: 'critical',
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/1/000000126000001/acme-8k.htm',
      formType: '8-K',
      filedAt: new Date(now - 4 * day),
      details: JSON.stringify({ accession: '0001-26-000001', items: ['8.01', '9.01'], excerpt: 'The Company purchased 50 bitcoin.' }),
    },
  });
  filingSignalId = stored.id;
  await db.signal.create({
    data: { ...base, sourceId: 'peer-1', companyId: peer.id, companyName: peer.name, description: 'Peer Tech insider bought shares.', source: 'SEC EDGAR Form 4', signalType: 'insider-trading', severity: 'high', detectedAt: new Date(now - 5 * day) },
  });
  const plain = await db.signal.create({
    data: { ...base, sourceId: 'social-1', companyId: null, companyName: 'Unknown', description: 'Rumours of a treasury allocation', source: 'Social Sentiment', signalType: 'pre-pump', severity: 'medium', detectedAt: new Date(now - 2 * day) },
  });
  plainSignalId = plain.id;
  // Daily prices for ACME, PEER and BTC over the 10 days around the filing signal.
  const rows = [];
  for (let offset = 10; offset >= 0; offset -= 1) {
    const at = new Date(Math.floor((now - offset * day) / day) * day);
    const after = offset < 3;
    rows.push({ symbol: 'ACME', at, priceUsd: after ? 12 : 10, volumeUsd: after ? 2000 : 1000, source: 'test' });
    rows.push({ symbol: 'PEER', at, priceUsd: after ? 22 : 20, volumeUsd: null, source: 'test' });
    rows.push({ symbol: 'BTC', at, priceUsd: (after ? 60_000 : 50_000) + offset * 10, volumeUsd: null, source: 'test' });
  }
  await db.marketPrice.createMany({ data: rows });
  analyst = await user(true);
  other = await user(true);
}, 60_000);

describe('authorization', () => {
  const reads = [
    ['/api/signals/summary', summary, {}],
    ['/api/signals/x', signalDetail, { id: 'x' }],
    ['/api/signals/x/filing', filing, { id: 'x' }],
    ['/api/signals/x/market-impact', marketImpact, { id: 'x' }],
    ['/api/watchlist', listWatchlist, {}],
    ['/api/alerts', listAlerts, {}],
  ] as const;

  it.each(reads)('GET %s answers 401 signed out and 403 unentitled', async (path, handler, params) => {
    expect((await call(handler, path, { params })).status).toBe(401);
    const jar = await user(false);
    const forbidden = await call(handler, path, { jar, params });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.code).toBe('forbidden');
  });

  it('refuses writes signed out and unentitled', async () => {
    expect((await call(watch, '/api/watchlist', { body: { signalId: 'x' } })).status).toBe(401);
    expect((await call(createAlert, '/api/alerts', { body: { kind: 'signal', signalId: 'x' } })).status).toBe(401);
    const jar = await user(false);
    expect((await call(watch, '/api/watchlist', { jar, body: { signalId: filingSignalId } })).status).toBe(403);
  });
});

describe('reads', () => {
  it('counts active signals by severity and type', async () => {
    const response = await call(summary, '/api/signals/summary', { jar: analyst });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ totalSignals: 3, activeSignals: 3, criticalAlerts: 1, secFilings: 1, insiderActivity: 1, prePumpSignals: 1, windowDays: 30 });
  });

  it('searches signalType too, case-insensitively', async () => {
    const response = await call(signals, '/api/signals?q=PRE-PUMP', { jar: analyst });
    expect(response.json.map((signal: { id: string }) => signal.id)).toEqual([plainSignalId]);
    const filtered = await call(signals, '/api/signals?q=sec&severity=high', { jar: analyst });
    expect(filtered.json).toHaveLength(1);
    expect(filtered.json[0].signalType).toBe('insider-trading');
  });

  it('gives one signal with its company and the similar and same-sector counts', async () => {
    const response = await call(signalDetail, `/api/signals/${filingSignalId}`, { jar: analyst, params: { id: filingSignalId } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: filingSignalId,
      company: { id: companyId, ticker: 'ACME', sector: 'Technology' },
      intelligence: { similarSignals: 0, sameSectorSignals: 1, windowDays: 30 },
      watchlisted: false,
    });
  });

  it('answers 404 JSON for an unknown signal', async () => {
    for (const handler of [signalDetail, filing, marketImpact]) {
      const response = await call(handler, '/api/signals/nope', { jar: analyst, params: { id: 'nope' } });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ message: 'Signal not found', code: 'not_found' });
    }
  });

  it('shows the filing behind a signal, and an empty state without one', async () => {
    const response = await call(filing, '/api/signals/x/filing', { jar: analyst, params: { id: filingSignalId } });
    expect(response.json).toMatchObject({
      available: true,
      formType: '8-K',
      items: ['8.01', '9.01'],
      accessionNumber: '0001-26-000001',
      company: 'Acme Bitcoin Corp',
      ticker: 'ACME',
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/1/000000126000001/acme-8k.htm',
      excerpt: 'The Company purchased 50 bitcoin.',
    });
    const none = await call(filing, '/api/signals/x/filing', { jar: analyst, params: { id: plainSignalId } });
    expect(none.json).toMatchObject({ available: false, accessionNumber: null, filingUrl: null });
    expect(none.json.reason).toMatch(/not derived from an SEC filing/);
  });

  it('computes the market impact from the company’s stored prices', async () => {
    const response = await call(marketImpact, '/api/signals/x/market-impact', { jar: analyst, params: { id: filingSignalId } });
    expect(response.status).toBe(200);
    const result = response.json;
    expect(result).toMatchObject({ basis: 'company', symbol: 'ACME', company: 'Acme Bitcoin Corp', signalId: filingSignalId });
    expect(result.priceImpact.preAnnouncementPrice.value).toBe(10);
    expect(result.priceImpact.currentPrice.value).toBe(12);
    expect(result.priceImpact.percentChange.value).toBe(20);
    expect(result.priceImpact.volumeIncrease.value).toBe(100);
    expect(result.marketComparison.sectorAverage.value).toBe(10);
    expect(result.marketComparison.bitcoinCorrelation.value).toBeGreaterThan(0.9);
    expect(result.tradingMetrics.retailSentiment.value).toBeNull();
  });

  it('falls back to BTC when the signal has no company', async () => {
    const response = await call(marketImpact, '/api/signals/x/market-impact', { jar: analyst, params: { id: plainSignalId } });
    expect(response.json).toMatchObject({ basis: 'btc', symbol: 'BTC', basisNote: 'Company price unavailable: measured on BTC' });
    expect(response.json.marketComparison.bitcoinCorrelation.value).toBeNull();
  });
});

describe('watchlist', () => {
  it('adds a signal once, lists it only to its owner, and deletes only the owner’s entry', async () => {
    const first = await call(watch, '/api/watchlist', { jar: analyst, body: { signalId: filingSignalId } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ signalId: filingSignalId, companyId, signal: { id: filingSignalId } });
    const again = await call(watch, '/api/watchlist', { jar: analyst, body: { signalId: filingSignalId } });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(await db.watchlistEntry.count({ where: { signalId: filingSignalId } })).toBe(1);

    expect((await call(listWatchlist, '/api/watchlist', { jar: analyst })).json.map((entry: { id: string }) => entry.id)).toEqual([first.json.id]);
    expect((await call(listWatchlist, '/api/watchlist', { jar: other })).json).toEqual([]);
    const detail = await call(signalDetail, '/api/signals/x', { jar: analyst, params: { id: filingSignalId } });
    expect(detail.json.watchlisted).toBe(true);

    const foreign = await call(deleteWatch, '/api/watchlist/x', { jar: other, method: 'DELETE', params: { id: first.json.id } });
    expect(foreign.status).toBe(404);
    expect((await call(deleteWatch, '/api/watchlist/x', { jar: analyst, method: 'DELETE', params: { id: first.json.id } })).status).toBe(204);
    expect(await db.watchlistEntry.count()).toBe(0);
  });

  it('rejects bad input with 4xx JSON', async () => {
    const missing = await call(watch, '/api/watchlist', { jar: analyst, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('validation_failed');
    expect(missing.json.errors.signalId).toBeDefined();
    const malformed = await call(watch, '/api/watchlist', { jar: analyst, rawBody: '{nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('invalid_json');
    const unknown = await call(watch, '/api/watchlist', { jar: analyst, body: { signalId: 'nope' } });
    expect(unknown.status).toBe(404);
  });
});

describe('alerts', () => {
  it('stores signal and price alert rules once per company, with the reference price', async () => {
    const signalAlert = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'signal', companyId, signalId: filingSignalId } });
    expect(signalAlert.status).toBe(201);
    expect(signalAlert.json).toMatchObject({ kind: 'signal', companyId, signalId: filingSignalId, thresholdPct: null, active: true });
    expect((await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'signal', signalId: filingSignalId } })).status).toBe(200);

    const price = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'price', signalId: filingSignalId } });
    expect(price.status).toBe(201);
    expect(price.json).toMatchObject({ kind: 'price', companyId, thresholdPct: 5, basePrice: 12 });

    expect((await call(listAlerts, '/api/alerts', { jar: analyst })).json).toHaveLength(2);
    expect((await call(listAlerts, '/api/alerts', { jar: other })).json).toEqual([]);
    expect((await call(deleteAlert, '/api/alerts/x', { jar: other, method: 'DELETE', params: { id: price.json.id } })).status).toBe(404);
    expect((await call(deleteAlert, '/api/alerts/x', { jar: analyst, method: 'DELETE', params: { id: price.json.id } })).status).toBe(204);
  });

  it('keeps one signal alert per signal without a company, and refuses a price alert there', async () => {
    expect((await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'signal', signalId: plainSignalId } })).status).toBe(201);
    expect((await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'signal', signalId: plainSignalId } })).status).toBe(200);
    const price = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'price', signalId: plainSignalId } });
    expect(price.status).toBe(400);
    expect(price.json.errors.companyId).toEqual(['required for price alerts']);
  });

  it('rejects bad input with 4xx JSON', async () => {
    const kind = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'email', companyId } });
    expect(kind.status).toBe(400);
    expect(kind.json.errors.kind).toEqual(['kind must be signal or price']);
    const target = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'signal' } });
    expect(target.status).toBe(400);
    expect(target.json.message).toBe('Give a companyId or a signalId');
    const company = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'price', companyId: 'nope' } });
    expect(company.status).toBe(404);
    const threshold = await call(createAlert, '/api/alerts', { jar: analyst, body: { kind: 'price', companyId, thresholdPct: -1 } });
    expect(threshold.status).toBe(400);
  });
});

describe('track record and pump check (issue 12)', () => {
  it('computes the accuracy, false-positive rate and lead time of past signals of the same source and type', async () => {
    const response = await call(signalDetail, `/api/signals/${filingSignalId}`, { jar: analyst, params: { id: filingSignalId } });
    expect(response.json.trackRecord).toEqual({ windowDays: 30, resolved: 0, followed: 0, accuracyPct: null, falsePositivePct: null, leadTimeDays: null, minimum: 20 });

    // 25 past 8-K signals of ACME, 6 days apart from 200 days ago; 10 followed 3 days later by a holdings increase.
    await db.holdingSnapshot.create({ data: { companyId, quantity: 100, asOf: new Date(now - day), source: 'test' } });
    for (let index = 0; index < 25; index += 1) {
      const detectedAt = new Date(now - (200 - index * 6) * day);
      await db.signal.create({
        data: { sourceId: `past-${index}`, companyId, companyName: 'Acme Bitcoin Corp', description: 'past 8-K', source: 'SEC EDGAR 8-K', signalType: 'sec-filing', severity: 'high', confidence: 80, detectedAt },
      });
      if (index < 10) {
        await db.holdingChange.create({ data: { companyId, oldQuantity: 50 + index, newQuantity: 51 + index, source: 'test', learnedAt: new Date(detectedAt.getTime() + 3 * day) } });
      }
    }
    // A decrease and a quarantined figure's would-be change are no hits.
    await db.holdingChange.create({ data: { companyId, oldQuantity: 90, newQuantity: 80, source: 'test', learnedAt: new Date(now - (200 - 11 * 6) * day + day) } });

    const again = await call(signalDetail, `/api/signals/${filingSignalId}`, { jar: analyst, params: { id: filingSignalId } });
    expect(again.json.trackRecord).toEqual({ windowDays: 30, resolved: 25, followed: 10, accuracyPct: 40, falsePositivePct: 60, leadTimeDays: 3, minimum: 20 });
  });

  it('runs the pump check on stored share prices before the signal, or says there is no price history', async () => {
    const detail = async (id: string) => (await call(signalDetail, `/api/signals/${id}`, { jar: analyst, params: { id } })).json.pumpCheck;
    expect(await detail(filingSignalId)).toMatchObject({ status: 'no-price-history' });
    expect(await detail(plainSignalId)).toMatchObject({ status: 'no-price-history' });

    const closes = [10, 10.5, 11.2, 11.5];
    await db.equityPrice.createMany({
      data: closes.map((close, index) => ({ companyId, date: new Date(Math.floor((now - (7 - index) * day) / day) * day), close, currency: 'USD', closeUsd: close, source: 'test' })),
    });
    expect(await detail(filingSignalId)).toMatchObject({ status: 'pump', risePct: 15, tradingDays: 3 });
  });
});
