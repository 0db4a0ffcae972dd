import fs from 'node:fs';
import path from 'node:path';
import { parseAtmUpdateTable } from './atm-update';

describe("the ATM Update table of Strategy's weekly 8-K", () => {
  it('reads each program that sold in the period, amounts multiplied out', () => {
    // SEC 8-K 0001193125-26-009811 (2026-01-12); the same figures are rows of prisma/seed-data/capital/btc-purchases.csv.
    const html = fs.readFileSync(path.join(process.cwd(), 'test/fixtures/sec/8-K/mstr-8k-0001193125-26-009811.htm'), 'utf8');
    const update = parseAtmUpdateTable(html)!;
    expect(update.periodStart?.toISOString().slice(0, 10)).toBe('2026-01-05');
    expect(update.periodEnd?.toISOString().slice(0, 10)).toBe('2026-01-11');
    expect(update.sales).toEqual([
      { security: 'STRC', sharesSold: 1_192_262, notionalUsd: 119_200_000, netProceedsUsd: 119_100_000, availableAfterUsd: 3_923_100_000 },
      { security: 'MSTR', sharesSold: 6_827_695, notionalUsd: null, netProceedsUsd: 1_128_500_000, availableAfterUsd: 10_256_700_000 },
    ]);
  });

  it('finds nothing in a document without the table', () => {
    expect(parseAtmUpdateTable('<table><tr><td>BTC Acquired</td></tr></table>')).toBeUndefined();
  });
});
