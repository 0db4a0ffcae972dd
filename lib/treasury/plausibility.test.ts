import { readHistoryCsv, readHoldingHistory, resolveListing } from '../../prisma/seed/seed-history';
import {
  checkPlausibility,
  findBalanceSheetExcess,
  findRevertingJumps,
  findSameFigures,
  findUnfiledChanges,
  type QuarantineFinding,
  type Reading,
} from './plausibility';

// The real rows of prisma/seed-data/ (bitbo's daily table), one reading per listing and day as the
// seed keeps them: SATO:TSXV's second entity is dropped, as prisma/seed/seed-history.ts does.
const realReadings: Reading[] = (() => {
  const { rows } = readHoldingHistory(readHistoryCsv());
  const seen = new Set<string>();
  const readings: Reading[] = [];
  for (const row of rows) {
    const companyId = resolveListing(row);
    if (row.btc === 0 || seen.has(`${companyId}|${row.date}`)) continue;
    seen.add(`${companyId}|${row.date}`);
    readings.push({ companyId, name: row.entity, date: row.date, quantity: row.btc, hasFiling: row.hasFiling });
  }
  return readings;
})();

const spans = (findings: QuarantineFinding[], companyId: string) => {
  const dates = findings.filter((finding) => finding.companyId === companyId).map((finding) => finding.date).sort();
  return dates.length ? [dates[0], dates.at(-1), dates.length] : null;
};

describe('plausibility checks on the real holdings table', () => {
  const findings = [...checkPlausibility({ readings: realReadings }).values()];

  it("quarantines HIVE's copy of Capital B's 2,201 BTC and keeps Capital B's own figure", () => {
    expect(spans(findings, 'HIVE:NASDAQ')).toEqual(['2025-08-15', '2025-11-19', 94]);
    expect(spans(findings, 'ALCPB:EPA')).toBeNull();
    const hive = findings.find((finding) => finding.companyId === 'HIVE:NASDAQ')!;
    expect(hive.check).toBe('same-figure');
    expect(hive.reason).toContain('shows 2,201 BTC from 2025-08-15 to 2025-11-19, the same figure as Capital B');
    expect(hive.reason).toContain('its own figure after that is 210 BTC (2025-11-20)');
  });

  it('quarantines both Hut 8 and Riot at 15,679 BTC, since neither own history tells which is right', () => {
    // Hut 8 showed 15,679 from 2026-04-15; Riot from 2026-07-07 (15,680 the day before).
    expect(spans(findings, 'HUT:NASDAQ')).toEqual(['2026-04-15', '2026-07-11', 87]);
    expect(spans(findings, 'RIOT:NASDAQ')).toEqual(['2026-07-07', '2026-07-11', 5]);
    const riot = findings.find((finding) => finding.companyId === 'RIOT:NASDAQ')!;
    expect(riot.reason).toContain('the same figure as Hut 8 Corp from 2026-04-15 to 2026-07-11');
    expect(riot.reason).toContain('cannot be told from the data');
  });

  it("leaves American Bitcoin's figures, whose growth is filed, alone", () => {
    expect(spans(findings, 'ABTC:NASDAQ')).toBeNull();
    expect(realReadings.filter((reading) => reading.companyId === 'ABTC:NASDAQ').map((reading) => reading.quantity)).toContain(3418);
  });

  it('finds exactly these companies in the whole table, each by the same-figure check', () => {
    const companies = [...new Set(findings.map((finding) => finding.companyId))].sort();
    expect(companies).toEqual(['HIVE:NASDAQ', 'HKHC:OTCID', 'HUT:NASDAQ', 'PHX:ADX', 'RIOT:NASDAQ']);
    expect(new Set(findings.map((finding) => finding.check))).toEqual(new Set(['same-figure']));
  });

  it('finds no reverting jump and no unfiled change in the table', () => {
    expect(findRevertingJumps(realReadings)).toEqual([]);
    expect(findUnfiledChanges(realReadings)).toEqual([]);
  });
});

const reading = (companyId: string, date: string, quantity: number, hasFiling = true): Reading => ({ companyId, name: companyId, date, quantity, hasFiling });

describe('findSameFigures', () => {
  it('ignores small and whole-hundred figures, which companies share by coincidence', () => {
    expect(findSameFigures([reading('a', '2026-01-01', 50), reading('b', '2026-01-01', 50), reading('a', '2026-01-02', 1000), reading('b', '2026-01-02', 1000)])).toEqual([]);
  });
});

describe('findRevertingJumps', () => {
  it('quarantines the readings between a jump and its return within 30 days', () => {
    const found = findRevertingJumps([
      reading('a', '2026-01-01', 100),
      reading('a', '2026-01-02', 1000),
      reading('a', '2026-01-03', 1000),
      reading('a', '2026-01-04', 101),
    ]);
    expect(found.map((finding) => finding.date)).toEqual(['2026-01-02', '2026-01-03']);
    expect(found[0]!.reason).toBe(
      'a jumped from 100 BTC (2026-01-01) to 1,000 BTC (2026-01-02) and was back at 101 BTC on 2026-01-04: a jump that reverts is a source error, not a purchase and a sale.',
    );
  });

  it('keeps a jump that stays, or comes back only after 30 days', () => {
    expect(findRevertingJumps([reading('a', '2026-01-01', 100), reading('a', '2026-01-02', 1000), reading('a', '2026-03-01', 100)])).toEqual([]);
  });
});

describe('findUnfiledChanges', () => {
  it('quarantines a change with no filing until a filed reading states the figure', () => {
    const found = findUnfiledChanges([
      reading('a', '2026-01-01', 100),
      reading('a', '2026-01-02', 120, false),
      reading('a', '2026-01-03', 120, false),
      reading('a', '2026-01-04', 120, true),
    ]);
    expect(found.map((finding) => finding.date)).toEqual(['2026-01-02', '2026-01-03']);
  });
});

describe('findBalanceSheetExcess', () => {
  const price = () => 100_000;

  it('compares with total assets when stored', () => {
    const found = findBalanceSheetExcess([reading('a', '2026-01-10', 1000)], [{ companyId: 'a', field: 'total_assets', valueUsd: 50_000_000, asOf: '2025-12-31' }], price);
    expect(found).toHaveLength(1);
    expect(found[0]!.reason).toBe("a's 1,000 BTC on 2026-01-10 are worth $100,000,000 at $100,000, more than total assets of $50,000,000 (2025-12-31).");
  });

  it('else with three times market cap, debt and preferred', () => {
    const figures = [
      { companyId: 'a', field: 'market_cap' as const, valueUsd: 10_000_000, asOf: '2026-01-09' },
      { companyId: 'a', field: 'total_debt' as const, valueUsd: 20_000_000, asOf: '2025-12-31' },
    ];
    expect(findBalanceSheetExcess([reading('a', '2026-01-10', 1000)], figures, price)).toHaveLength(1);
    expect(findBalanceSheetExcess([reading('a', '2026-01-10', 800)], figures, price)).toEqual([]);
  });

  it('checks nothing without a stored figure or a price, and uses no figure from after the reading', () => {
    expect(findBalanceSheetExcess([reading('a', '2026-01-10', 1000)], [], price)).toEqual([]);
    expect(findBalanceSheetExcess([reading('a', '2026-01-10', 1000)], [{ companyId: 'a', field: 'total_assets', valueUsd: 1, asOf: '2025-12-31' }], () => null)).toEqual([]);
    expect(findBalanceSheetExcess([reading('a', '2026-01-10', 1000)], [{ companyId: 'a', field: 'total_assets', valueUsd: 1, asOf: '2026-02-01' }], price)).toEqual([]);
  });
});
