import { registeredUser } from '@/test/support/users';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { db } from '@/lib/db';
import { getBus } from '@/lib/realtime/bus';
import type { RealtimeEvent } from '@/lib/realtime/channels';
import { resetToSeed } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { formatYieldPercent } from '@/lib/capital/btc-yield';
import { formatDay } from '@/lib/format';
import { GET as companies } from '../companies/route';
import { GET as kpis } from '../v1/companies/[id]/kpis/route';
import { GET as dashboardStats } from '../dashboard/stats/route';
import { POST as addCompany } from './add-company/route';
import { POST as analyzeCompany } from './analyze-company/route';
import { POST as chat } from './route';

// The three chat calls of spec 001 §7 on the real seeded companies; the language-model path against
// a local server speaking the OpenAI chat-completions wire format.

const analyzeFailure = "I couldn't analyze that company. Please provide more specific information like the company name, ticker, or crypto holdings.";

let analyst: CookieJar;
let analystId: string;
let strategy: { id: string; metrics: { healthGrade: string; aiRiskScore: number; convictionScore: number; governanceScore: number } };

beforeAll(async () => {
  await resetToSeed();
  ({ jar: analyst, id: analystId } = await registeredUser(true));
  const [first] = (await call(companies, '/api/companies?limit=1', { jar: analyst })).json;
  const { healthGrade, aiRiskScore, convictionScore, governanceScore } = first.metrics;
  strategy = { id: first.id, metrics: { healthGrade, aiRiskScore, convictionScore, governanceScore } };
}, 180_000);

const routes = [
  ['/api/chat', chat, { message: 'hello' }],
  ['/api/chat/analyze-company', analyzeCompany, { message: 'analyze MSTR' }],
  ['/api/chat/add-company', addCompany, { companyInfo: { name: 'Acme', ticker: 'ACME', btcHoldings: 1 } }],
] as const;

describe('authorization and validation', () => {
  it.each(routes)('POST %s answers 401 signed out and 403 without a subscription or beta flag', async (path, handler, body) => {
    const signedOut = await call(handler, path, { body });
    expect(signedOut.status).toBe(401);
    const { jar } = await registeredUser(false);
    expect((await call(handler, path, { jar, body })).status).toBe(403);
  });

  it.each(routes.slice(0, 2))('POST %s refuses a blank, missing, too long or malformed message with 400', async (path, handler) => {
    for (const body of [{ message: '' }, { message: '   \n ' }, {}, { message: 42 }, { message: 'x'.repeat(2001) }]) {
      const response = await call(handler, path, { jar: analyst, body });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('validation_failed');
    }
    expect((await call(handler, path, { jar: analyst, body: { message: 'x'.repeat(2000) } })).status).not.toBe(400);
    const notJson = await call(handler, path, { jar: analyst, rawBody: '{nope' });
    expect(notJson.status).toBe(400);
    const huge = await call(handler, path, { jar: analyst, rawBody: JSON.stringify({ message: 'x'.repeat(20_000) }) });
    expect(huge.status).toBe(413);
  });

  it('refuses a bad company with 400 and the field message', async () => {
    for (const [companyInfo, message] of [
      [{ name: '', ticker: 'ZZZ', btcHoldings: 1 }, 'Enter the company name.'],
      [{ name: 'Acme', btcHoldings: 1 }, 'Enter the ticker.'],
      [{ name: 'Acme', ticker: 'ZZZ', btcHoldings: -1 }, 'Bitcoin holdings cannot be negative.'],
      [{ name: 'Acme', ticker: 'ZZZ', btcHoldings: 'lots' }, 'Bitcoin holdings must be a number.'],
      [{ name: 'Acme', ticker: 'ZZ Z', btcHoldings: 1 }, 'Tickers use letters, digits, dots and dashes.'],
    ] as const) {
      const response = await call(addCompany, '/api/chat/add-company', { jar: analyst, body: { companyInfo } });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    }
    expect((await call(addCompany, '/api/chat/add-company', { jar: analyst, body: {} })).status).toBe(400);
  });
});

describe('POST /api/chat', () => {
  it('answers about a named company with its stored metrics', async () => {
    const response = await call(chat, '/api/chat', { jar: analyst, body: { message: 'How is MSTR doing?' } });
    expect(response.status).toBe(200);
    const { message, suggestedActions, treasuryAnalysis, generatedBy } = response.json;
    expect(generatedBy).toBe('template');
    expect(treasuryAnalysis).toMatchObject({ companyId: strategy.id, ticker: 'MSTR', companyPath: '/companies/MSTR', tracked: true, btcHoldings: 843775, ...strategy.metrics });
    expect(treasuryAnalysis.source).toMatch(/bitbo/);
    expect(message).toContain('Strategy (MicroStrategy) (MSTR) holds 843,775 BTC');
    expect(message).toContain(`Health grade ${strategy.metrics.healthGrade}`);
    expect(message).toContain('as of Jul 11, 2026');
    expect(suggestedActions).toEqual([{ label: 'Market overview', action: 'ask', data: { message: 'market overview' } }]);
  });

  it('answers market questions with the dashboard figures', async () => {
    const response = await call(chat, '/api/chat', { jar: analyst, body: { message: 'How many companies are in the market overview?' } });
    expect(response.status).toBe(200);
    const stats = await db.company.aggregate({ _count: { _all: true }, _sum: { btcHoldings: true } });
    expect(response.json.message).toContain(`The platform tracks ${stats._count._all} public companies`);
    expect(response.json.message).toContain('Largest holders: Strategy (MicroStrategy) 843,775 BTC');
    expect(response.json.treasuryAnalysis).toBeNull();
    expect(response.json.suggestedActions[0]).toEqual({ label: 'Analyze MSTR', action: 'ask', data: { message: 'analyze MSTR' } });
  });

  it('says what it can do otherwise', async () => {
    const response = await call(chat, '/api/chat', { jar: analyst, body: { message: 'hello there' } });
    expect(response.status).toBe(200);
    expect(response.json.message).toContain("I answer from the platform's database");
    expect(response.json.treasuryAnalysis).toBeNull();
  });

  it('limits each user to 30 messages a minute', async () => {
    const { jar } = await registeredUser(true);
    for (let index = 0; index < 30; index += 1) expect((await call(chat, '/api/chat', { jar, body: { message: 'hi' } })).status).toBe(200);
    const limited = await call(analyzeCompany, '/api/chat/analyze-company', { jar, body: { message: 'analyze MSTR' } });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 'rate_limited', message: 'Too many chat requests. Please wait a minute and try again.' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('POST /api/chat/analyze-company', () => {
  it('gives a tracked company its real metrics, by ticker or by name', async () => {
    for (const message of ['analyze MSTR', 'Analyze Strategy please']) {
      const response = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message } });
      expect(response.status).toBe(200);
      expect(response.json.analysis).toMatchObject({ ...strategy.metrics, analysis: expect.stringContaining('843,775 BTC') });
      expect(response.json.companyInfo).toMatchObject({ id: strategy.id, name: 'Strategy (MicroStrategy)', ticker: 'MSTR', exchange: 'NASDAQ', sector: 'Financial', country: 'US', btcHoldings: 843775, tracked: true });
    }
  });

  it('gives an untracked company a preliminary analysis with the defaults marked, and the action to add it', async () => {
    const response = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message: 'Analyze Quillon Robotics Corp (QLRB), which holds 500 BTC' } });
    expect(response.status).toBe(200);
    const { analysis, companyInfo, suggestedActions, treasuryAnalysis } = response.json;
    expect(companyInfo).toMatchObject({ name: 'Quillon Robotics Corp', ticker: 'QLRB', btcHoldings: 500, tracked: false });
    expect(companyInfo.id).toBeUndefined();
    expect(analysis).toMatchObject({ healthGrade: 'C', aiRiskScore: 5, convictionScore: 5, governanceScore: 7 });
    expect(treasuryAnalysis.defaults).toEqual(expect.arrayContaining(['healthGrade', 'aiRiskScore', 'convictionScore', 'governanceScore']));
    expect(analysis.analysis).toContain('Preliminary analysis of Quillon Robotics Corp (QLRB)');
    expect(analysis.analysis).toContain('Health grade C (default)');
    expect(suggestedActions).toEqual([{ label: 'Add to tracking', action: 'add_company', data: { companyInfo, analysis } }]);
  });

  it('does not take a stated new ticker for a tracked company whose name shares a word', async () => {
    const response = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message: 'Analyze Acme Strategy Corp (ACMS), which holds 50 BTC' } });
    expect(response.status).toBe(200);
    expect(response.json.companyInfo).toMatchObject({ name: 'Acme Strategy Corp', ticker: 'ACMS', tracked: false });
  });

  it('answers 404 with the spec’s message when no company is identifiable', async () => {
    for (const message of ['analyze something for me', 'what is the treasury outlook', 'analyze Quasar Dynamics']) {
      const response = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message } });
      expect(response.status).toBe(404);
      expect(response.json.message).toBe(analyzeFailure);
    }
  });
});

describe('POST /api/chat/add-company', () => {
  it('tracks the company with a snapshot, an audit row and computed metrics, announces it, and refuses a duplicate', async () => {
    const preview = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message: 'track Zephyr Mining Ltd NASDAQ: ZPHR holds 1,250 bitcoin' } });
    const [action] = preview.json.suggestedActions;
    const events: RealtimeEvent[] = [];
    const bus = getBus();
    // What was published, without the id the bus's log gave it.
    const unsubscribe = bus.subscribe(({ type, data }) => events.push({ type, data }));
    // The Redis bus subscribes asynchronously and delivers after publish resolves: wait for both.
    await bus.status();
    const response = await call(addCompany, '/api/chat/add-company', { jar: analyst, body: action.data });
    for (let waited = 0; waited < 3000 && !events.some((event) => event.type === 'company_update'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    unsubscribe();
    expect(response.status).toBe(201);
    expect(response.json.message).toBe('Zephyr Mining Ltd (ZPHR) is now tracked with 1,250 BTC.');
    const { company } = response.json;
    expect(company).toMatchObject({ name: 'Zephyr Mining Ltd', ticker: 'ZPHR', exchange: 'NASDAQ', sector: 'Mining', btcHoldings: 1250, source: 'Added via AI assistant by user' });

    const stored = await db.company.findUniqueOrThrow({ where: { id: company.id }, include: { snapshots: true, changes: true, metrics: true } });
    expect(stored.addedById).toBe(analystId);
    expect(stored.snapshots).toEqual([expect.objectContaining({ asset: 'BTC', quantity: 1250, source: 'Added via AI assistant by user' })]);
    expect(stored.changes).toEqual([expect.objectContaining({ oldQuantity: null, newQuantity: 1250, source: 'Added via AI assistant by user', note: expect.stringContaining(analystId) })]);
    expect(stored.metrics).not.toBeNull();
    expect(company.metrics.healthGrade).toBe(stored.metrics!.healthGrade);
    expect(events).toContainEqual({ type: 'company_update', data: expect.objectContaining({ companyId: company.id, ticker: 'ZPHR', btcHoldings: 1250 }) });

    const listed = await call(companies, '/api/companies?limit=1000', { jar: analyst });
    expect(listed.json.find((row: { id: string }) => row.id === company.id)).toMatchObject({ ticker: 'ZPHR', btcHoldings: 1250, holdingsConfirmed: false, countedInTotals: false });
    // A claimed figure stays out of the totals until a filing or a second source confirms it (issue 12).
    const stats = (await call(dashboardStats, '/api/dashboard/stats', { jar: analyst })).json;
    const confirmed = await db.company.aggregate({ where: { flagged: false, holdingsConfirmed: true }, _sum: { btcHoldings: true } });
    expect(stats.totalBitcoin).toBeCloseTo(confirmed._sum.btcHoldings!, 6);
    expect(stats.excludedFromTotals).toMatchObject({ unconfirmed: 1 });

    const again = await call(addCompany, '/api/chat/add-company', { jar: analyst, body: action.data });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Company is already tracked');
    const sameTickerNoExchange = await call(addCompany, '/api/chat/add-company', { jar: analyst, body: { companyInfo: { name: 'Strategy again', ticker: 'mstr', btcHoldings: 1 } } });
    expect(sameTickerNoExchange.status).toBe(409);
    expect(await db.company.count({ where: { ticker: 'ZPHR' } })).toBe(1);

    // Now tracked: the assistant answers with its stored metrics.
    const analysed = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message: 'analyze ZPHR' } });
    expect(analysed.json.companyInfo).toMatchObject({ id: company.id, tracked: true });
  });
});

describe('language model prose', () => {
  let server: http.Server;
  let baseUrl: string;
  let requests: { path: string; authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[]; temperature: number } }[];
  let mode: 'ok' | 'fail' | 'slow';

  beforeAll(async () => {
    requests = [];
    server = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) });
        if (mode === 'fail') {
          response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'overloaded' } }));
          return;
        }
        const reply = () =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              model: 'treasury-test-model',
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Model says: Strategy holds 843,775 BTC. This is not financial advice.' } }],
              usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
            }),
          );
        if (mode === 'slow') setTimeout(reply, 1_000);
        else reply();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    Object.assign(process.env, { LLM_BASE_URL: baseUrl, LLM_API_KEY: 'sk-test-key', LLM_MODEL: 'treasury-test-model' });
  });

  afterAll(async () => {
    for (const name of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL', 'LLM_TIMEOUT_MS']) delete process.env[name];
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the database figures as the facts and uses the model’s answer', async () => {
    mode = 'ok';
    const response = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message: 'analyze MSTR' } });
    expect(response.status).toBe(200);
    expect(response.json.generatedBy).toBe('llm');
    expect(response.json.analysis).toMatchObject({ ...strategy.metrics, analysis: 'Model says: Strategy holds 843,775 BTC. This is not financial advice.' });
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test-key');
    expect(sent.body.model).toBe('treasury-test-model');
    expect(typeof sent.body.temperature).toBe('number');
    expect(sent.body.messages[0]!.role).toBe('system');
    expect(sent.body.messages[0]!.content).toContain('"btcHoldings": 843775');
    expect(sent.body.messages[0]!.content).toContain(`"healthGrade": "${strategy.metrics.healthGrade}"`);
    expect(sent.body.messages[1]).toEqual({ role: 'user', content: 'analyze MSTR' });
  });

  it('falls back to the template when the model fails or times out', async () => {
    mode = 'fail';
    const failed = await call(chat, '/api/chat', { jar: analyst, body: { message: 'How is MSTR doing?' } });
    expect(failed.status).toBe(200);
    expect(failed.json.generatedBy).toBe('template');
    expect(failed.json.message).toContain('Strategy (MicroStrategy) (MSTR) holds 843,775 BTC');

    mode = 'slow';
    process.env.LLM_TIMEOUT_MS = '200';
    const slow = await call(chat, '/api/chat', { jar: analyst, body: { message: 'market overview' } });
    expect(slow.status).toBe(200);
    expect(slow.json.generatedBy).toBe('template');
    expect(slow.json.message).toContain('The platform tracks');
  });
});

describe('BTC yield (issue 27)', () => {
  /** The KPI API's 30/90/365-day windows of MSTR: the figures chat must repeat. */
  async function apiWindows() {
    const response = await call(kpis, `/api/v1/companies/${strategy.id}/kpis`, { jar: analyst, params: { id: strategy.id } });
    expect(response.status).toBe(200);
    const { data } = response.json as { data: { basis: string; windows: { name: string; from: string; to: string; btcYieldPercent: number | null }[] } };
    expect(data.basis).toBe('assumed_diluted_strategy_kpi');
    return new Map(data.windows.map((window) => [window.name, window]));
  }

  const sentence = (days: number, window: { from: string; to: string; btcYieldPercent: number | null }) =>
    `${days}-day BTC yield ${formatYieldPercent(window.btcYieldPercent!)} on assumed diluted shares, ${formatDay(window.from)} to ${formatDay(window.to)} (sources: `;

  it("answers what MSTR's BTC yield is with the KPI API's figures, their basis, both dates and sources", async () => {
    const windows = await apiWindows();
    const response = await call(chat, '/api/chat', { jar: analyst, body: { message: "What is MSTR's BTC yield?" } });
    expect(response.status).toBe(200);
    const { message } = response.json as { message: string };
    for (const [name, days] of [['90d', 90], ['365d', 365]] as const) {
      const window = windows.get(name)!;
      expect(window.btcYieldPercent).not.toBeNull();
      expect(message).toContain(sentence(days, window));
    }
    // The 30-day window is not computable on the seeded counts: chat says so, as the API does.
    expect(windows.get('30d')!.btcYieldPercent).toBeNull();
    expect(message).toContain('30-day BTC yield: not computable (');
    expect(message).toContain("Basis: assumed diluted shares, as in Strategy's own KPI");
    expect(message).not.toMatch(/https?:\/\//);
  });

  it("states the 90-day figure with its basis and dates in the company analysis, in chat and analyze-company", async () => {
    const window = (await apiWindows()).get('90d')!;
    const chatAnswer = await call(chat, '/api/chat', { jar: analyst, body: { message: 'Tell me about MSTR' } });
    expect(chatAnswer.json.message).toContain(sentence(90, window));
    const analysis = await call(analyzeCompany, '/api/chat/analyze-company', { jar: analyst, body: { message: 'analyze MSTR' } });
    expect(analysis.json.analysis.analysis).toContain(sentence(90, window));
  });

  it('says why a company without dated share counts has no BTC yield', async () => {
    const other = await db.company.findFirstOrThrow({ where: { shareCounts: { none: {} }, ticker: { not: 'MSTR' } }, orderBy: { btcHoldings: 'desc' } });
    const response = await call(chat, '/api/chat', { jar: analyst, body: { message: `What is ${other.ticker}'s BTC yield?` } });
    expect(response.json.message).toContain(`BTC yield is not computable: fewer than two dated share counts`);
  });
});
