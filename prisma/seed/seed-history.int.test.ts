import { db } from '../../lib/db';
import { resetDatabase } from '@/test/support/database';
import { seedCompanies } from './seed';
import {
  historySource,
  impliedPriceSource,
  normaliseListing,
  readHistoryCsv,
  readHoldingHistory,
  seedHoldingHistory,
  type HoldingHistorySeedResult,
} from './seed-history';
import { isoDay } from '../../lib/dates';

// Each run imports the whole file (48,000 rows); on PostgreSQL that takes several seconds.
jest.setTimeout(60_000);

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const listing = (ticker: string, exchange: string) => ({ ticker_exchange: { ticker, exchange } });

async function snapshotOf(ticker: string, exchange: string, date: string) {
  const company = await db.company.findUniqueOrThrow({ where: listing(ticker, exchange) });
  return db.holdingSnapshot.findUnique({
    where: { companyId_asset_asOf_source: { companyId: company.id, asset: 'BTC', asOf: day(date), source: historySource } },
  });
}

describe('seedHoldingHistory on the seeded companies', () => {
  let first: HoldingHistorySeedResult;

  beforeAll(async () => {
    await resetDatabase();
    await seedCompanies(db);
    first = await seedHoldingHistory(db);
  });

  it('imports each row of a seeded company once and reports what it skipped', () => {
    expect(first).toMatchObject({
      snapshots: { total: 47653, created: 47653, updated: 0 },
      // 164 day-over-day differences in the table, less three into or out of quarantined figures
      // (HIVE 2,201 → 210, Hut 8 13,696 → 15,679, Riot 15,680 → 15,679).
      changes: { total: 161, created: 161 },
      prices: { total: 323, created: 323, keptExisting: 0 },
      flaggedCompanies: 7,
      flagsAdded: 7,
      quarantined: { 'same-figure': 94 + 87 + 5 + 323 + 323 },
      zeroRowsSkipped: 0,
      duplicateRowsSkipped: 323,
      unknownListings: ['BTBT:NASDAQ', 'BTDR:NASDAQ', 'SMLR:NASDAQ', 'WULF:NASDAQ'],
      holdingsVerified: 151,
      holdingsUpdated: 0,
      holdingsMismatches: [],
      newestDate: '2026-07-11',
    });
  });

  it("adds up, each day, to the table's own total less the rows it did not import", async () => {
    const { rows, totals } = readHoldingHistory(readHistoryCsv());
    const notSeeded = new Set(first.unknownListings);
    const notImported = new Map<string, number>();
    for (const row of rows) {
      const key = `${normaliseListing(row.listing).ticker}:${normaliseListing(row.listing).exchange}`;
      if (notSeeded.has(key) || row.entity === 'SATO Technologies Corp.') {
        notImported.set(row.date, (notImported.get(row.date) ?? 0) + row.btc);
      }
    }
    const sums = await db.holdingSnapshot.groupBy({ by: ['asOf'], where: { source: historySource }, _sum: { quantity: true } });
    const imported = new Map(sums.map((sum) => [isoDay(sum.asOf), sum._sum.quantity ?? 0]));

    expect(totals).toHaveLength(323);
    for (const total of totals) {
      // The table rounds each figure to 0.1 BTC and its total separately.
      expect(Math.abs((imported.get(total.date) ?? 0) + (notImported.get(total.date) ?? 0) - total.btc)).toBeLessThan(1);
    }
    // On the last day only SATO Technologies' 9 BTC is left out (Bitdeer, TeraWulf and Bit Digital show 0).
    expect(imported.get('2026-07-11')).toBeCloseTo(1201521 - 9, 0);
  });

  it("keeps Strategy's history, and its current figure equals the latest snapshot", async () => {
    expect(await snapshotOf('MSTR', 'NASDAQ', '2025-08-15')).toMatchObject({ quantity: 628946, sourceUrl: 'https://bitbo.io/treasuries/' });
    expect(await snapshotOf('MSTR', 'NASDAQ', '2026-07-11')).toMatchObject({ quantity: 843775 });
    const strategy = await db.company.findUniqueOrThrow({ where: listing('MSTR', 'NASDAQ') });
    expect(strategy).toMatchObject({ btcHoldings: 843775, flagged: false });
  });

  it('records each change of holdings in the audit trail with its source and date', async () => {
    const strategy = await db.company.findUniqueOrThrow({ where: listing('MSTR', 'NASDAQ') });
    const changes = await db.holdingChange.findMany({ where: { companyId: strategy.id }, orderBy: { learnedAt: 'asc' } });
    expect(changes[0]).toMatchObject({
      oldQuantity: 628946,
      newQuantity: 629376,
      source: historySource,
      sourceUrl: 'https://bitbo.io/treasuries/',
      learnedAt: day('2025-08-19'),
      note: 'bitbo table: 628,946 BTC on 2025-08-18, 629,376 BTC on 2025-08-19.',
    });
    expect(changes.at(-1)?.newQuantity).toBe(843775);
    for (const [index, change] of changes.entries()) {
      if (index > 0) expect(change.oldQuantity).toBe(changes[index - 1]?.newQuantity);
    }
  });

  it('follows a company across a change of symbol', async () => {
    expect(await snapshotOf('GLXY', 'NASDAQ', '2025-09-14')).toMatchObject({ quantity: 12830 });
    expect(await snapshotOf('EMPD', 'NASDAQ', '2025-08-15')).toMatchObject({ quantity: 3500.2 });
    const galaxy = await db.company.findUniqueOrThrow({ where: listing('GLXY', 'NASDAQ') });
    expect(await db.holdingChange.findFirst({ where: { companyId: galaxy.id, learnedAt: day('2025-09-15') } })).toMatchObject({
      oldQuantity: 12830,
      newQuantity: 17102,
      note: expect.stringContaining('listed as BRPHF:OTCMKTS until 2025-09-14, as GLXY:NASDAQ since'),
    });
  });

  it('flags the figures the research found untrustworthy and those the plausibility checks quarantined', async () => {
    const flagged = await db.company.findMany({ where: { flagged: true }, orderBy: { ticker: 'asc' } });
    expect(flagged.map((company) => `${company.ticker}:${company.exchange}:${company.flagCheck}`)).toEqual([
      'HKHC:OTCID:same-figure',
      'HUT:NASDAQ:same-figure',
      'MILE:NASDAQ:known-issue',
      'PHX:ADX:same-figure',
      'RIOT:NASDAQ:same-figure',
      'SATO:TSXV:duplicate-listing',
      'VOYG:TSX:known-issue',
    ]);
    const reasons = Object.fromEntries(flagged.map((company) => [company.ticker, company.flagReason]));
    expect(reasons.HUT).toContain('Quarantined: Hut 8 Corp shows 15,679 BTC from 2026-04-15 to 2026-07-11, the same figure as Riot Platforms');
    expect(reasons.RIOT).toContain('15,679 BTC');
    expect(reasons.SATO).toContain('"SATO Technologies Corp." under SATO:TSXV');
    expect(reasons.MILE).toContain('No longer operating');
    expect(reasons.VOYG).toContain('No longer operating');
  });

  it("keeps quarantined figures in the history with the check that caught them, and records no change into them", async () => {
    expect(await snapshotOf('HIVE', 'NASDAQ', '2025-08-15')).toMatchObject({ quantity: 2201, quarantined: true, quarantineCheck: 'same-figure' });
    expect(await snapshotOf('HIVE', 'NASDAQ', '2025-11-20')).toMatchObject({ quantity: 210, quarantined: false, quarantineCheck: null });
    expect(await snapshotOf('ALCPB', 'EPA', '2025-08-15')).toMatchObject({ quantity: 2201, quarantined: false });
    const hive = await db.company.findUniqueOrThrow({ where: listing('HIVE', 'NASDAQ') });
    expect(hive.flagged).toBe(false);
    expect(await db.holdingChange.count({ where: { companyId: hive.id, newQuantity: 210 } })).toBe(0);
  });

  it('stores the implied BTC price of each scrape date', async () => {
    expect(await db.marketPrice.count({ where: { symbol: 'BTC', source: impliedPriceSource } })).toBe(323);
    expect(await db.marketPrice.findUnique({ where: { symbol_at: { symbol: 'BTC', at: day('2025-08-15') } } })).toMatchObject({ priceUsd: 118690.63 });
    // 54.11e9 ÷ 843,775 = 64,128.47
    expect(await db.marketPrice.findUnique({ where: { symbol_at: { symbol: 'BTC', at: day('2026-07-11') } } })).toMatchObject({ priceUsd: 64128.47 });
  });

  it('changes nothing when it runs again', async () => {
    const counts = async () => ({
      snapshots: await db.holdingSnapshot.count(),
      changes: await db.holdingChange.count(),
      prices: await db.marketPrice.count(),
      flagReasons: (await db.company.findMany({ where: { flagged: true }, select: { flagReason: true } })).map((company) => company.flagReason),
    });
    const before = await counts();
    const again = await seedHoldingHistory(db);
    expect(again).toMatchObject({
      snapshots: { created: 0, updated: 0 },
      changes: { created: 0 },
      prices: { created: 0, keptExisting: 323 },
      flagsAdded: 0,
    });
    expect(await counts()).toEqual(before);
  });
});

describe('seedHoldingHistory next to newer data', () => {
  beforeEach(async () => {
    await resetDatabase();
    await seedCompanies(db);
  });

  it('keeps a newer figure, a stored market price and an earlier flag', async () => {
    const strategy = await db.company.update({
      where: listing('MSTR', 'NASDAQ'),
      data: { btcHoldings: 850000, holdingsAsOf: day('2026-08-01') },
    });
    await db.company.update({ where: listing('HUT', 'NASDAQ'), data: { flagged: true, flagReason: 'Filing says 13,696 BTC.' } });
    await db.marketPrice.create({ data: { symbol: 'BTC', priceUsd: 118500, at: day('2025-08-15'), source: 'coingecko' } });

    const result = await seedHoldingHistory(db);

    expect(result.prices).toEqual({ total: 323, created: 322, keptExisting: 1 });
    expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({ btcHoldings: 850000 });
    expect(await db.marketPrice.findUnique({ where: { symbol_at: { symbol: 'BTC', at: day('2025-08-15') } } })).toMatchObject({
      priceUsd: 118500,
      source: 'coingecko',
    });
    const hut = await db.company.findUniqueOrThrow({ where: listing('HUT', 'NASDAQ') });
    expect(hut.flagReason).toMatch(/^Filing says 13,696 BTC\. \| Quarantined: Hut 8 Corp shows 15,679 BTC/);
  });

  it('removes a change into or out of a figure the checks now quarantine, left by a seed from before them', async () => {
    const hive = await db.company.findUniqueOrThrow({ where: listing('HIVE', 'NASDAQ') });
    await db.holdingChange.create({
      data: { companyId: hive.id, oldQuantity: 2201, newQuantity: 210, source: historySource, learnedAt: day('2025-11-20'), note: 'from an earlier seed' },
    });
    const result = await seedHoldingHistory(db);
    expect(result.changes).toMatchObject({ total: 161, created: 161, removed: 1 });
    expect(await db.holdingChange.count({ where: { companyId: hive.id, oldQuantity: 2201 } })).toBe(0);
  });

  it('brings an older current figure up to the latest snapshot', async () => {
    await db.company.update({ where: listing('MARA', 'NASDAQ'), data: { btcHoldings: 1, holdingsAsOf: day('2026-01-01') } });
    const result = await seedHoldingHistory(db);
    expect(result.holdingsUpdated).toBe(1);
    expect(await db.company.findUniqueOrThrow({ where: listing('MARA', 'NASDAQ') })).toMatchObject({
      btcHoldings: 35303,
      holdingsAsOf: day('2026-07-11'),
    });
  });
});
