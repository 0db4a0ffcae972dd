import { db } from '../../lib/db';
import { resetDatabase } from '@/test/support/database';
import { historySource } from './seed-history';
import { seedDataSources } from './seed-sources';

beforeEach(resetDatabase);

const day = (date: string) => new Date(`${date}T00:00:00Z`);

async function addSnapshot(date: string) {
  const company =
    (await db.company.findFirst({ where: { ticker: 'TEST' } })) ??
    (await db.company.create({ data: { name: 'Test Co', ticker: 'TEST', exchange: 'NYSE', btcHoldings: 1, holdingsAsOf: day(date), source: 'test' } }));
  await db.holdingSnapshot.create({ data: { companyId: company.id, quantity: 1, asOf: day(date), source: historySource } });
}

describe('seedDataSources', () => {
  it('creates the catalogue once, however often it runs', async () => {
    expect(await seedDataSources(db)).toMatchObject({ total: 14, created: 14, updated: 0, holdingsLastSuccessAt: null });
    expect(await seedDataSources(db)).toMatchObject({ total: 14, created: 0, updated: 14 });
    expect(await db.dataSource.count()).toBe(14);
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'sec-filings' } })).toMatchObject({
      name: 'SEC filings feed',
      category: 'regulatory',
      status: 'active',
      coverage: 100,
      updateFrequency: 'real-time',
      priority: 'high',
      lastSuccessAt: null,
    });
  });

  it("leaves an ingester's state alone when it runs again", async () => {
    await seedDataSources(db);
    const state = { lastAttemptAt: day('2026-07-12'), lastSuccessAt: day('2026-07-11'), lastError: 'HTTP 503', itemsIngested: 42 };
    await db.dataSource.update({ where: { key: 'sec-filings' }, data: state });
    await seedDataSources(db);
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'sec-filings' } })).toMatchObject(state);
  });

  it('dates the holdings table by its newest imported day, and never moves that date back', async () => {
    await addSnapshot('2026-07-10');
    await addSnapshot('2026-07-11');
    await seedDataSources(db);
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'holdings-table' } })).toMatchObject({
      lastSuccessAt: day('2026-07-11'),
      itemsIngested: 2,
      coverage: 100,
    });

    await db.dataSource.update({ where: { key: 'holdings-table' }, data: { lastSuccessAt: day('2026-08-22') } });
    await seedDataSources(db);
    expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'holdings-table' } })).toMatchObject({ lastSuccessAt: day('2026-08-22') });
  });
});
