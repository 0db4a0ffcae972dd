import { db } from '../../db';
import { seedDataSources } from '../../../prisma/seed/seed-sources';
import { runJobs } from '../../jobs/scheduler';
import { MemoryBus } from '../../realtime/bus';
import type { RealtimeEvent } from '../../realtime/channels';
import { resetDatabase } from '@/test/support/database';
import { ingestJobs } from '../jobs';
import { runIngest } from '../run';
import { atomHeaders, feedEntry, feedWith, jsonHeaders, readFixture, serveFiling } from '@/test/support/edgar';
import { startReplayServer, type ReplayServer } from '@/test/support/replay-server';
import { resetSecState } from './state';

// EDGAR replayed by a local server in its wire format: Atom feeds as ISO-8859-1 bytes typed
// application/atom+xml, filing-detail pages and documents as text/html or text/xml, submissions as
// JSON. Real samples (test/fixtures/README.md): both recorded feeds, Strategy's submissions file and
// its 8-K of 2026-01-12. Constructed where no real sample exists, in the real markup: the feed
// entries added on top of the recorded feed, the filing-detail pages, the Form 4s of MercadoLibre
// and Strategy, Example Treasury Corp (a fictional non-holder) with its 8-K and submissions file,
// and MercadoLibre's item 5.02 8-K.

jest.setTimeout(60_000);

const userAgent = 'Treasury Intelligence Tests ingest-tests@example.com';
const day = (date: string) => new Date(`${date}T00:00:00Z`);

const strategy8k = '0001193125-26-009811';
const strategyProxy = '0001193125-26-020001';
const exampleTreasury8k = '0009999001-26-000001';
const meli8k = '0001099590-26-000001';
const meliForm4 = '0001628280-25-056851';

const savedEnv = { ...process.env };
let server: ReplayServer;
let bus: MemoryBus;
let events: RealtimeEvent[];

function useServer(url: string, extra: Record<string, string> = {}) {
  Object.assign(process.env, { SEC_USER_AGENT: userAgent, SEC_BASE_URL: url, SEC_DATA_BASE_URL: url, ...extra });
}

beforeEach(async () => {
  await resetDatabase();
  await seedDataSources(db);
  resetSecState();
  bus = new MemoryBus();
  events = [];
  // What was published, without the id the bus's log gave it.
  bus.subscribe(({ type, data }) => events.push({ type, data }));
  server = await startReplayServer();
});

afterEach(async () => {
  process.env = { ...savedEnv };
  await server.close();
});

async function createCompany(data: { name: string; ticker: string; secCik: string | null; btcHoldings: number; holdingsAsOf: Date; sharePriceUsd?: number }) {
  return db.company.create({ data: { exchange: 'NASDAQ', source: 'test', ...data } });
}

function serveCurrentFeeds() {
  const entries = [
    feedEntry({
      form: '8-K',
      companyName: 'Strategy Inc',
      cik: '0001050446',
      role: 'Filer',
      accession: strategy8k,
      updated: '2026-01-12T11:29:30-05:00',
      items: [
        { number: '7.01', title: 'Regulation FD Disclosure' },
        { number: '8.01', title: 'Other Events' },
      ],
    }),
    feedEntry({
      form: '8-K',
      companyName: 'Example Treasury Corp',
      cik: '0009999001',
      role: 'Filer',
      accession: exampleTreasury8k,
      updated: '2026-01-12T11:29:20-05:00',
      items: [
        { number: '8.01', title: 'Other Events' },
        { number: '9.01', title: 'Financial Statements and Exhibits' },
      ],
    }),
    feedEntry({
      form: '8-K',
      companyName: 'MERCADOLIBRE INC',
      cik: '0001099590',
      role: 'Filer',
      accession: meli8k,
      updated: '2026-01-12T11:29:10-05:00',
      items: [
        { number: '5.02', title: 'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers: Compensatory Arrangements of Certain Officers' },
        { number: '9.01', title: 'Financial Statements and Exhibits' },
      ],
    }),
    feedEntry({ form: 'DEF 14A', companyName: 'Strategy Inc', cik: '0001050446', role: 'Filer', accession: strategyProxy, updated: '2026-01-12T11:29:00-05:00' }),
  ];
  const allForms = feedWith(readFixture('sec/current-feed/getcurrent.all-forms.2026-01-12.atom.xml'), entries);
  const formFour = readFixture('sec/current-feed/getcurrent.type-4.2025-12-12.atom.xml');
  server.routes.set('/cgi-bin/browse-edgar', (request) => ({ headers: atomHeaders, body: request.query.get('type') === '4' ? formFour : allForms }));

  serveFiling(server, {
    cik: '1050446',
    accession: strategy8k,
    form: '8-K',
    filedDate: '2026-01-12',
    documents: [{ name: 'mstr-20260105.htm', type: '8-K', body: readFixture('sec/8-K/mstr-8k-0001193125-26-009811.htm') }],
  });
  serveFiling(server, {
    cik: '9999001',
    accession: exampleTreasury8k,
    form: '8-K',
    filedDate: '2026-01-12',
    documents: [{ name: 'extc-20260112.htm', type: '8-K', body: readFixture('sec/constructed/8k.example-treasury-corp.htm') }],
  });
  server.routes.set('/submissions/CIK0009999001.json', () => ({ headers: jsonHeaders, body: readFixture('sec/constructed/submissions.CIK0009999001.json') }));
  serveFiling(server, {
    cik: '1099590',
    accession: meli8k,
    form: '8-K',
    filedDate: '2026-01-12',
    documents: [{ name: 'meli-20260112.htm', type: '8-K', body: readFixture('sec/constructed/8k.mercadolibre-item-5.02.htm') }],
  });
  serveFiling(server, {
    cik: '1099590',
    accession: meliForm4,
    form: '4',
    filedDate: '2025-12-12',
    documents: [
      { name: 'xslF345X05/wk-form4_1765578825.xml', type: '4', description: 'FORM 4' },
      { name: 'wk-form4_1765578825.xml', type: '4', description: 'FORM 4', size: 3896, body: readFixture('sec/constructed/form4.mercadolibre.xml') },
    ],
  });
  // Biohaven's 8-K (a real entry of the recorded feed) has no recorded documents: its index is a 404.
}

async function seedTrackedCompanies() {
  const strategy = await createCompany({ name: 'Strategy', ticker: 'MSTR', secCik: '0001050446', btcHoldings: 673_783, holdingsAsOf: day('2026-01-04'), sharePriceUsd: 160.5 });
  const meli = await createCompany({ name: 'MercadoLibre, Inc.', ticker: 'MELI', secCik: '0001099590', btcHoldings: 570.4, holdingsAsOf: day('2025-12-31') });
  // Another source's figure for the same week, 5.8 % below the filing's: the company gets flagged.
  await db.holdingSnapshot.create({ data: { companyId: strategy.id, quantity: 650_000, asOf: day('2026-01-10'), source: 'bitbo.io daily table' } });
  return { strategy, meli };
}

const counts = async () => ({
  signals: await db.signal.count(),
  insiderTransactions: await db.insiderTransaction.count(),
  snapshots: await db.holdingSnapshot.count(),
  changes: await db.holdingChange.count(),
  discoveries: await db.discovery.count(),
});

describe('the current-filings feed', () => {
  it('turns new filings into signals, insider trades, a holdings update and a discovery, once', async () => {
    serveCurrentFeeds();
    useServer(server.url);
    const { strategy, meli } = await seedTrackedCompanies();
    const changed: string[][] = [];

    const [result] = await runIngest(db, { sources: ['sec-current'], bus, onHoldingsChanged: async (ids) => void changed.push(ids) });

    expect(result).toMatchObject({ source: 'sec-current', status: 'ok', itemsAdded: 9 });
    expect(result!.message).toContain('stored 5 signals, 2 insider transactions, 1 holdings update, 1 discovery');
    expect(result!.message).toContain(`1 filing could not be read: 8-K 0001935979-26-000005: GET ${server.url}/Archives/edgar/data/1935979/000193597926000005/0001935979-26-000005-index.htm answered 404 Not Found`);

    // Every request declared itself, and the feeds were asked for the configured forms.
    expect(server.requests.every((request) => request.headers['user-agent'] === userAgent)).toBe(true);
    const feeds = server.requests.filter((request) => request.path === '/cgi-bin/browse-edgar');
    expect(feeds.map((request) => Object.fromEntries(request.query))).toEqual(
      ['8-K', '4', 'DEF 14A'].map((type) => ({ action: 'getcurrent', count: '100', type, owner: 'include', output: 'atom' })),
    );
    // At most 10 a second: any 11 consecutive requests span a second (less arrival jitter; the limiter's
    // own spacing is checked exactly in http.test.ts).
    const times = server.requests.map((request) => request.at);
    expect(times.length).toBeGreaterThan(10);
    for (let index = 10; index < times.length; index += 1) expect(times[index]! - times[index - 10]!).toBeGreaterThan(950);

    const purchase = await db.signal.findUniqueOrThrow({ where: { sourceId: strategy8k } });
    expect(purchase).toMatchObject({
      companyId: strategy.id,
      companyName: 'Strategy',
      description:
        'Strategy acquired 13,627 BTC for $1,247.1M (avg $91,519) between 2026-01-05 and 2026-01-11; holds 687,410 BTC as of 2026-01-11 (avg cost $75,353) (SEC 8-K).',
      source: 'SEC EDGAR 8-K',
      signalType: 'sec-filing',
      severity: 'critical',
      confidence: 97,
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/1050446/000119312526009811/mstr-20260105.htm',
      currentPrice: 160.5,
      formType: '8-K',
      filedAt: new Date('2026-01-12T16:29:30Z'),
    });
    expect(JSON.parse(purchase.details!)).toMatchObject({ accession: strategy8k, kind: 'purchase', quantityBtc: 13627, figures: { aggregateBtc: 687410 } });
    // The week's purchase and ATM sales become the issuance tracker's rows (lib/ingest/sec/capital-events.ts).
    const capitalEvents = await db.capitalEvent.findMany({ where: { companyId: strategy.id }, orderBy: [{ eventType: 'asc' }, { sharesSold: 'desc' }] });
    expect(capitalEvents.map((event) => [event.eventType, event.security, event.sharesSold ?? event.btcAcquired, event.netProceedsUsd ?? event.costUsd])).toEqual([
      ['atm_sale', 'MSTR', 6_827_695, 1_128_500_000],
      ['atm_sale', 'STRC', 1_192_262, 119_100_000],
      ['btc_purchase', null, 13_627, 1_247_100_000],
    ]);

    expect(await db.signal.findUniqueOrThrow({ where: { sourceId: `${strategyProxy}:board` } })).toMatchObject({
      signalType: 'board-meeting',
      severity: 'low',
      confidence: 80,
      description: 'Strategy filed a DEF 14A: proxy statement for a shareholder meeting.',
    });
    expect(await db.signal.findUniqueOrThrow({ where: { sourceId: `${meli8k}:board` } })).toMatchObject({
      companyId: meli.id,
      signalType: 'board-meeting',
      severity: 'medium',
      confidence: 88,
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/1099590/000109959026000001/meli-20260112.htm',
    });
    expect(await db.signal.count({ where: { sourceId: meli8k } })).toBe(0);

    expect(await db.signal.findUniqueOrThrow({ where: { sourceId: meliForm4 } })).toMatchObject({
      companyId: meli.id,
      signalType: 'insider-trading',
      severity: 'medium',
      confidence: 95,
      source: 'SEC EDGAR Form 4',
      description: 'MercadoLibre, Inc.: Example Officer (Chief Financial Officer) sold 2,000 shares for $3.9M (avg $1,950.25) on 2025-12-10 (SEC Form 4).',
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/1099590/000162828025056851/xslF345X05/wk-form4_1765578825.xml',
    });
    expect(await db.insiderTransaction.findMany({ where: { companyId: meli.id }, orderBy: { sourceId: 'asc' } })).toEqual([
      expect.objectContaining({ sourceId: `${meliForm4}:0`, insiderName: 'Example Officer', insiderRole: 'Chief Financial Officer', shares: 2000, pricePerShare: 0, acquiredDisposed: 'A' }),
      expect.objectContaining({ sourceId: `${meliForm4}:1`, shares: 2000, pricePerShare: 1950.25, acquiredDisposed: 'D', transactionDate: day('2025-12-10') }),
    ]);

    // The holdings update, its audit row and the flag naming both figures.
    expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({
      btcHoldings: 687_410,
      holdingsAsOf: day('2026-01-11'),
      holdingsSourceUrl: purchase.filingUrl,
      holdingsFiledAt: new Date('2026-01-12T16:29:30Z'),
      flagged: true,
      flagReason: 'SEC EDGAR 8-K reports 687,410 BTC as of 2026-01-11; bitbo.io daily table reports 650,000 BTC as of 2026-01-10 (5.8% apart).',
    });
    expect(await db.holdingChange.findMany({ where: { companyId: strategy.id } })).toEqual([
      expect.objectContaining({ oldQuantity: 673_783, newQuantity: 687_410, source: 'SEC EDGAR 8-K', sourceUrl: purchase.filingUrl }),
    ]);
    expect(await db.holdingSnapshot.count({ where: { companyId: strategy.id } })).toBe(2);
    expect(changed).toEqual([[strategy.id]]);

    // A company we do not track announced a treasury policy and its first purchase.
    expect(await db.discovery.findUniqueOrThrow({ where: { sourceId: exampleTreasury8k } })).toMatchObject({
      companyName: 'Example Treasury Corp',
      ticker: 'EXTC',
      secCik: '0009999001',
      status: 'investigating',
      type: 'filing',
      priority: 'high',
      source: 'SEC EDGAR 8-K',
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/9999001/000999900126000001/extc-20260112.htm',
    });
    expect(await db.signal.findUniqueOrThrow({ where: { sourceId: exampleTreasury8k } })).toMatchObject({
      companyId: null,
      signalType: 'pre-pump',
      severity: 'critical',
      description: 'Example Treasury Corp acquired 250 BTC for $23.1M (avg $92,400); holds 250 BTC as of 2026-01-12 (SEC 8-K).',
    });

    // Events: one new_signal per signal, a critical_alert for each critical one, the company update.
    const byType = (type: string) => events.filter((event) => event.type === type);
    expect(byType('new_signal')).toHaveLength(5);
    expect(byType('critical_alert').map((event) => (event.data as { id: string; severity: string }).severity)).toEqual(['critical', 'critical']);
    expect(byType('new_signal')[0]!.data).toMatchObject({
      id: purchase.id,
      companyName: 'Strategy',
      signalType: 'sec-filing',
      severity: 'critical',
      metadata: { filingUrl: purchase.filingUrl, currentPrice: 160.5, formType: '8-K' },
    });
    expect(byType('company_update')).toEqual([
      { type: 'company_update', data: expect.objectContaining({ companyId: strategy.id, btcHoldings: 687_410, previousBtcHoldings: 673_783, flagged: true }) },
    ]);

    // The catalogue row and the run log.
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'sec-filings' } })).toMatchObject({ lastError: null, itemsIngested: 9 });
    expect((await db.dataSource.findUniqueOrThrow({ where: { key: 'sec-filings' } })).lastSuccessAt).toBeInstanceOf(Date);
    expect(await db.refreshLog.findMany()).toEqual([expect.objectContaining({ kind: 'manual', source: 'sec-current', status: 'ok', itemsAdded: 9, userId: null })]);

    // Again, then again after a "restart" (the process forgets what it saw): nothing is stored twice,
    // and the restarted process knows from the database which filings are done, so it reads only the feed.
    const before = await counts();
    const finished = await db.ingestedFiling.count();
    expect(finished).toBeGreaterThan(0);
    events.length = 0;
    const [again] = await runIngest(db, { sources: ['sec-current'], bus });
    resetSecState();
    const requestsBefore = server.requests.length;
    const [afterRestart] = await runIngest(db, { sources: ['sec-current'], bus });
    // Only the feed and the filings not yet done (one whose index the server does not have is retried).
    const done = (await db.ingestedFiling.findMany({ select: { accession: true } })).map((row) => row.accession);
    const afterRestartPaths = server.requests.slice(requestsBefore).map((request) => request.path);
    expect(afterRestartPaths).toContain('/cgi-bin/browse-edgar');
    const rereads = afterRestartPaths.filter((path) => done.some((accession) => path.includes(accession) || path.includes(accession.replace(/-/g, ''))));
    expect(rereads).toEqual([]);
    expect(again).toMatchObject({ status: 'ok', itemsAdded: 0 });
    expect(afterRestart).toMatchObject({ status: 'ok', itemsAdded: 0 });
    expect(await counts()).toEqual(before);
    expect(await db.ingestedFiling.count()).toBe(finished);
    expect(events).toEqual([]);
  });

  it('raises no signal from a figure the plausibility checks quarantine (issue 12)', async () => {
    serveCurrentFeeds();
    useServer(server.url);
    const { strategy } = await seedTrackedCompanies();
    // Another company already shows the 8-K's 687,410 BTC for the same day: one row copied into the other.
    const copy = await createCompany({ name: 'Copycat Holdings', ticker: 'COPY', secCik: null, btcHoldings: 687_410, holdingsAsOf: day('2026-01-11') });
    await db.holdingSnapshot.create({ data: { companyId: copy.id, quantity: 687_410, asOf: day('2026-01-11'), source: 'bitbo.io daily table' } });

    await runIngest(db, { sources: ['sec-current'], bus });

    expect(await db.signal.count({ where: { sourceId: strategy8k } })).toBe(0);
    expect(events.filter((event) => event.type === 'new_signal' && (event.data as { companyId: string }).companyId === strategy.id && (event.data as { signalType: string }).signalType === 'sec-filing')).toEqual([]);
    expect(await db.holdingSnapshot.findFirstOrThrow({ where: { companyId: strategy.id, asOf: day('2026-01-11') } })).toMatchObject({ quarantined: true, quarantineCheck: 'same-figure' });
    expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({ btcHoldings: 673_783, flagged: true, flagCheck: 'same-figure' });
    expect(await db.holdingChange.count({ where: { companyId: strategy.id } })).toBe(0);
  });

  it('confirms a discovery once the company appears with holdings', async () => {
    serveCurrentFeeds();
    useServer(server.url);
    await seedTrackedCompanies();
    await runIngest(db, { sources: ['sec-current'], bus });
    expect(await db.discovery.findUniqueOrThrow({ where: { sourceId: exampleTreasury8k } })).toMatchObject({ status: 'investigating', companyId: null });

    const added = await createCompany({ name: 'Example Treasury Corp', ticker: 'EXTC', secCik: null, btcHoldings: 250, holdingsAsOf: day('2026-01-12') });
    await runIngest(db, { sources: ['sec-current'], bus });
    expect(await db.discovery.findUniqueOrThrow({ where: { sourceId: exampleTreasury8k } })).toMatchObject({
      status: 'confirmed',
      companyId: added.id,
      confirmedAt: expect.any(Date),
    });
  });

  it('waits out a 429 with Retry-After, then reads the feed', async () => {
    const formFour = readFixture('sec/current-feed/getcurrent.type-4.2025-12-12.atom.xml');
    server.routes.set('/cgi-bin/browse-edgar', (_request, count) =>
      count === 1 ? { status: 429, headers: { 'retry-after': '1', 'content-type': 'text/html' }, body: 'Request Rate Threshold Exceeded' } : { headers: atomHeaders, body: formFour },
    );
    useServer(server.url, { SEC_FEED_FORMS: '4' });

    const [result] = await runIngest(db, { sources: ['sec-current'], bus });

    expect(result).toMatchObject({ status: 'ok', itemsAdded: 0 });
    expect(result!.message).toContain('Read 1 of 1 feeds (46 filings of interest');
    const [first, second] = server.requests.map((request) => request.at);
    expect(server.requests).toHaveLength(2);
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
  });

  it('skips without SEC_USER_AGENT and sends nothing', async () => {
    serveCurrentFeeds();
    useServer(server.url);
    delete process.env.SEC_USER_AGENT;

    const results = await runIngest(db, { sources: ['sec-current', 'sec-submissions'], bus });

    expect(results).toEqual([
      { source: 'sec-current', status: 'skipped', itemsAdded: 0, message: expect.stringMatching(/^SEC_USER_AGENT is not set\. SEC EDGAR requires a declared User-Agent/) },
      { source: 'sec-submissions', status: 'skipped', itemsAdded: 0, message: expect.stringMatching(/^SEC_USER_AGENT is not set/) },
    ]);
    expect(server.requests).toEqual([]);
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'sec-filings' } })).toMatchObject({ lastSuccessAt: null, lastError: expect.stringContaining('SEC_USER_AGENT') });
    expect(await db.refreshLog.findMany({ orderBy: { source: 'asc' } })).toEqual([
      expect.objectContaining({ source: 'sec-current', status: 'skipped' }),
      expect.objectContaining({ source: 'sec-submissions', status: 'skipped' }),
    ]);
  });

  it('records an unreachable EDGAR as an error, from runIngest and from the scheduler, without throwing', async () => {
    const closed = server.url;
    await server.close();
    useServer(closed, { INGEST_ENABLED: 'true' });

    // The scheduler's job: a failed job in its report, never an exception; then it backs off.
    const job = ingestJobs({ bus }).find((candidate) => candidate.name === 'ingest-sec-current')!;
    expect(job.everyMs).toBe(15_000);
    const [failed] = await runJobs(db, [job]);
    expect(failed).toEqual({ name: 'ingest-sec-current', ok: false, detail: expect.stringMatching(/^Could not read the EDGAR current feed: 8-K feed: GET .* failed: connect ECONNREFUSED/) });
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'sec-filings' } })).toMatchObject({
      lastAttemptAt: expect.any(Date),
      lastSuccessAt: null,
      lastError: failed!.detail,
    });
    expect(await db.refreshLog.findMany()).toEqual([expect.objectContaining({ kind: 'scheduled', source: 'sec-current', status: 'error', message: failed!.detail })]);
    const [waiting] = await runJobs(db, [job]);
    expect(waiting).toEqual({ name: 'ingest-sec-current', ok: true, detail: expect.stringMatching(/^backing off after failures until /) });

    // A manual run does not wait for the back-off.
    const [result] = await runIngest(db, { sources: ['sec-current'], bus });
    expect(result).toMatchObject({ source: 'sec-current', status: 'error', itemsAdded: 0, message: failed!.detail });
    server = await startReplayServer();
  });
});

describe("a company's submissions", () => {
  it('reads the filings of the lookback window and stores each once', async () => {
    server.routes.set('/submissions/CIK0001050446.json', () => ({ headers: jsonHeaders, body: readFixture('sec/submissions/CIK0001050446.json') }));
    serveFiling(server, {
      cik: '1050446',
      accession: strategy8k,
      form: '8-K',
      filedDate: '2026-01-12',
      index: false,
      documents: [{ name: 'mstr-20260105.htm', type: '8-K', body: readFixture('sec/8-K/mstr-8k-0001193125-26-009811.htm') }],
    });
    serveFiling(server, {
      cik: '1050446',
      accession: '0001193125-26-010377',
      form: '4',
      filedDate: '2026-01-12',
      index: false,
      documents: [{ name: 'ownership.xml', type: '4', body: readFixture('sec/constructed/form4.strategy.xml') }],
    });
    // 0001193125-26-016002 (8-K of 2026-01-20) has no recorded document: a 404, retried on later runs.
    useServer(server.url, { SEC_SUBMISSIONS_LOOKBACK_DAYS: '10' });
    const strategy = await createCompany({ name: 'Strategy', ticker: 'MSTR', secCik: '0001050446', btcHoldings: 673_783, holdingsAsOf: day('2026-01-04') });
    const now = () => new Date('2026-01-20T12:00:00Z');

    const [result] = await runIngest(db, { sources: ['sec-submissions'], bus, now });

    expect(result).toMatchObject({ source: 'sec-submissions', status: 'ok', itemsAdded: 4 });
    expect(result!.message).toContain('Read the submissions of 1 of 1 due companies (3 filings since 2026-01-10 new to this process)');
    expect(result!.message).toContain('1 filing could not be read: 8-K 0001193125-26-016002');
    expect(await db.signal.findMany({ orderBy: { sourceId: 'asc' } })).toEqual([
      expect.objectContaining({ sourceId: strategy8k, signalType: 'sec-filing', severity: 'critical', companyId: strategy.id }),
      expect.objectContaining({
        sourceId: '0001193125-26-010377',
        signalType: 'insider-trading',
        severity: 'high',
        description: 'Strategy: Example Director (Executive Vice President) bought 10,000 shares for $1.6M (avg $160) on 2026-01-09 (SEC Form 4).',
        filingUrl: 'https://www.sec.gov/Archives/edgar/data/1050446/000119312526010377/xslF345X05/ownership.xml',
      }),
    ]);
    expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({ btcHoldings: 687_410, flagged: false });
    expect(server.requests.map((request) => request.path)).toEqual([
      '/submissions/CIK0001050446.json',
      '/Archives/edgar/data/1050446/000119312526016002/mstr-20260105.htm',
      '/Archives/edgar/data/1050446/000119312526010377/ownership.xml',
      '/Archives/edgar/data/1050446/000119312526009811/mstr-20260105.htm',
    ]);

    // The company is not due again for six hours; after that, only the failed filing is fetched again.
    const [notDue] = await runIngest(db, { sources: ['sec-submissions'], bus, now });
    expect(notDue).toMatchObject({ status: 'ok', itemsAdded: 0, message: 'No company is due for a submissions check.' });
    const [later] = await runIngest(db, { sources: ['sec-submissions'], bus, now: () => new Date('2026-01-20T18:00:00Z') });
    expect(later).toMatchObject({ status: 'ok', itemsAdded: 0 });
    expect(server.requests.slice(4).map((request) => request.path)).toEqual([
      '/submissions/CIK0001050446.json',
      '/Archives/edgar/data/1050446/000119312526016002/mstr-20260105.htm',
    ]);
  });
});
