import { POST as createKey } from '@/app/api/account/api-keys/route';
import { POST as chat } from '@/app/api/chat/route';
import { GET as dashboardStats } from '@/app/api/dashboard/stats/route';
import { GET as v1Dashboard } from '@/app/api/v1/dashboard/route';
import { parseCsv } from '@/lib/csv';
import { db } from '@/lib/db';
import { formatBtc, formatMoney } from '@/lib/format';
import { buildAnalyticsCsv, getAnalyticsSummary } from '@/lib/reports/analytics';
import { buildReport } from '@/lib/reports/generate';
import { loadReportData } from '@/lib/reports/repository';
import { nameWithTicker } from '@/lib/treasury/aggregates';
import { resetToSeed } from '@/test/support/database';
import { call, type CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';

// Issue 27, "One total, several answers", on the seeded demo: the dashboard's total (confirmed figures
// only) is the figure the reports, the chat's market overview, the analytics export and the API give,
// each naming the companies it leaves out; a report over the top 100 says so and counts its confirmed figures.

jest.setTimeout(180_000);

let analyst: CookieJar;
type Stats = { totalBitcoin: number; totalBitcoinValue: number; countedCompanies: number; trackedCompanies: number; excludedFromTotals: { companies: number; btc: number; list: { name: string; ticker: string; btcHoldings: number }[] } };
let stats: Stats;

beforeAll(async () => {
  await resetToSeed();
  ({ jar: analyst } = await registeredUser(true));
  stats = (await call(dashboardStats, '/api/dashboard/stats', { jar: analyst })).json as Stats;
});

it('the dashboard counts confirmed figures only and lists every company it leaves out', async () => {
  const confirmed = await db.company.aggregate({ where: { flagged: false, holdingsConfirmed: true }, _sum: { btcHoldings: true }, _count: { _all: true } });
  expect(stats.totalBitcoin).toBeCloseTo(confirmed._sum.btcHoldings!, 6);
  expect(stats.countedCompanies).toBe(confirmed._count._all);
  expect(stats.excludedFromTotals.list.map((company) => company.ticker).sort()).toEqual(
    (await db.company.findMany({ where: { OR: [{ flagged: true }, { holdingsConfirmed: false }] }, select: { ticker: true } })).map((company) => company.ticker).sort(),
  );
  expect(stats.excludedFromTotals.list.length).toBeGreaterThan(0);
});

it('the chat’s market overview states the dashboard’s total and names the companies left out', async () => {
  const response = await call(chat, '/api/chat', { jar: analyst, body: { message: 'market overview' } });
  expect(response.status).toBe(200);
  const message = response.json.message as string;
  expect(message).toContain(`${stats.countedCompanies} companies with confirmed figures hold ${formatBtc(stats.totalBitcoin)} (${formatMoney(stats.totalBitcoinValue)}`);
  for (const company of stats.excludedFromTotals.list) expect(message).toContain(nameWithTicker(company));
  // The old answer counted every tracked company as holding the confirmed total.
  expect(message).not.toContain(`${stats.trackedCompanies} public companies holding`);
});

it('the API’s dashboard totals are the dashboard’s, with the companies left out', async () => {
  const created = await call(createKey, '/api/account/api-keys', { jar: analyst, body: { name: 'Totals', expiresInDays: null } });
  const response = await call(v1Dashboard, '/api/v1/dashboard', { headers: { authorization: `Bearer ${created.json.secret}` } });
  expect(response.status).toBe(200);
  expect(response.json.data).toMatchObject({
    totalHoldingsBtc: stats.totalBitcoin,
    totalHoldingsValueUsd: stats.totalBitcoinValue,
    countedCompanies: stats.countedCompanies,
    excludedFromTotals: { companies: stats.excludedFromTotals.companies, btc: stats.excludedFromTotals.btc, list: stats.excludedFromTotals.list },
  });
});

it('a report over the top 100 says "top 100", counts the confirmed figures among them and restates the dashboard’s total', async () => {
  const data = await loadReportData(db, null);
  const report = await buildReport('Health Analysis', 'custom', data);
  const [covered, all] = report.findings.map((finding) => finding.text);
  const top = await db.company.findMany({ orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }], take: 100, select: { btcHoldings: true, flagged: true, holdingsConfirmed: true, name: true, ticker: true } });
  const topCounted = top.filter((company) => !company.flagged && company.holdingsConfirmed);
  const topBtc = topCounted.reduce((sum, company) => sum + company.btcHoldings, 0);
  expect(covered).toMatch(new RegExp(`^Of the top 100 holders, ${topCounted.length} with confirmed figures hold ${formatBtc(topBtc).replace(/[.]/g, '\\.')} `));
  for (const company of top.filter((row) => !topCounted.includes(row))) expect(covered).toContain(nameWithTicker(company));
  expect(all).toContain(`All ${stats.trackedCompanies} tracked companies, as on the dashboard: ${stats.countedCompanies} companies with confirmed figures hold ${formatBtc(stats.totalBitcoin)} (${formatMoney(stats.totalBitcoinValue)}`);
  for (const company of stats.excludedFromTotals.list) expect(all).toContain(nameWithTicker(company));
  expect(report.findings.map((finding) => finding.text).join('\n')).not.toMatch(/\((\w+)\) \(\1\)/);
});

it('the seeded reports state the same totals, and no name carries its ticker twice', async () => {
  const seeded = await db.report.findMany({ where: { status: 'ready' }, select: { type: true, content: true } });
  expect(seeded.length).toBeGreaterThan(0);
  for (const report of seeded) {
    expect(report.content).toContain(`as on the dashboard: ${stats.countedCompanies} companies with confirmed figures hold ${formatBtc(stats.totalBitcoin)}`);
    expect(report.content).not.toMatch(/Twenty One Capital \(XXI\) \(XXI\)/);
  }
});

it('the analytics summary and CSV agree with the dashboard', async () => {
  const summary = await getAnalyticsSummary(db);
  expect(summary.totalBtc).toBe(stats.totalBitcoin);
  expect(summary.excluded.names).toEqual(stats.excludedFromTotals.list.map(nameWithTicker));
  const rows = parseCsv(await buildAnalyticsCsv(db));
  const total = rows.filter((row) => row.counted_in_totals === 'true').reduce((sum, row) => sum + Number(row.btc_holdings), 0);
  expect(total).toBeCloseTo(stats.totalBitcoin, 6);
});
