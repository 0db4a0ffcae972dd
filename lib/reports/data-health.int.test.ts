import { db } from '../db';
import { resetToSeed } from '@/test/support/database';
import { getDashboardStats } from '../treasury/repository';
import { buildReport } from './generate';
import { loadReportData } from './repository';

// Issue 12 on the real seed: the data-health (Health Analysis) report names each flag's own check and
// reason and the quarantined figures with the check that caught them; totals count confirmed figures
// only and say what they left out.

jest.setTimeout(180_000);

beforeAll(async () => {
  await resetToSeed();
});

it("states each flag's real reason and every quarantine's check, never one blanket cause", async () => {
  const report = await buildReport('Health Analysis', 'custom', await loadReportData(db, null));
  const texts = report.findings.map((finding) => finding.text);
  expect(texts.join('\n')).not.toContain('disagree between sources by more than 5%');
  expect(texts).toContainEqual(expect.stringMatching(/^Hut 8 Corp \(HUT\), Same figure as another company: Quarantined: Hut 8 Corp shows 15,679 BTC/));
  expect(texts).toContainEqual(expect.stringMatching(/^Voyager Digital.*Known issue: No longer operating/));
  expect(texts).toContainEqual(expect.stringMatching(/^94 readings of HIVE Digital Technologies quarantined by the same-figure check \(2025-08-15 to 2025-11-19\): .*Capital B/));
});

it('counts confirmed figures only in the totals and states the companies and BTC it left out', async () => {
  const stats = await getDashboardStats(db);
  const flagged = await db.company.findMany({ where: { flagged: true }, select: { btcHoldings: true } });
  const confirmed = await db.company.aggregate({ where: { flagged: false, holdingsConfirmed: true }, _sum: { btcHoldings: true } });
  expect(flagged.length).toBe(7);
  expect(stats.totalBitcoin).toBeCloseTo(confirmed._sum.btcHoldings!, 6);
  expect(stats.excludedFromTotals).toEqual({
    companies: 7,
    flagged: 7,
    unconfirmed: 0,
    btc: Math.round(flagged.reduce((sum, company) => sum + company.btcHoldings, 0) * 100) / 100,
    list: expect.arrayContaining([expect.objectContaining({ name: 'Hut 8 Corp', reason: 'flagged' })]),
  });
  expect(stats.excludedFromTotals.list).toHaveLength(7);
  // Hut 8 and Riot's 15,679 BTC each are among what is left out.
  expect(stats.excludedFromTotals.btc).toBeGreaterThan(2 * 15_679);
});

it('raised no signal from a quarantined figure in the whole seed', async () => {
  const signals = await db.signal.findMany({ where: { company: { ticker: { in: ['HIVE', 'HUT', 'RIOT', 'PHX', 'HKHC'] } } }, select: { description: true } });
  expect(signals.filter((signal) => /2,201|15,679|1,991|\b131 BTC/.test(signal.description))).toEqual([]);
});
