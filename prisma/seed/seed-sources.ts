import type { Db } from '../../lib/db';
import { dataSourceCatalogue } from '../../lib/data-sources/catalogue';
import { historySource } from './seed-history';

/**
 * Upserts the catalogue. Only catalogue fields are written on an existing row: the ingest state
 * (lastAttemptAt, lastSuccessAt, lastError, itemsIngested) belongs to the ingesters. The holdings
 * table's last success is the newest imported scrape date, moved forward only.
 */
export async function seedDataSources(db: Db) {
  const existing = new Set((await db.dataSource.findMany({ select: { key: true } })).map((source) => source.key));
  const holdings = await db.holdingSnapshot.aggregate({ where: { source: historySource }, _max: { asOf: true }, _count: { _all: true } });
  const newest = holdings._max.asOf;
  const [companies, covered] = await Promise.all([
    db.company.count(),
    db.holdingSnapshot.groupBy({ by: ['companyId'], where: { source: historySource } }),
  ]);
  const seeds = dataSourceCatalogue.map((seed) =>
    seed.key === 'holdings-table' && companies > 0 ? { ...seed, coverage: Math.round((covered.length / companies) * 100) } : seed,
  );
  await db.$transaction([
    ...seeds.map((seed) => db.dataSource.upsert({ where: { key: seed.key }, create: seed, update: seed })),
    ...(newest
      ? [
          db.dataSource.updateMany({
            where: { key: 'holdings-table', OR: [{ lastSuccessAt: null }, { lastSuccessAt: { lt: newest } }] },
            data: { lastSuccessAt: newest },
          }),
          db.dataSource.updateMany({
            where: { key: 'holdings-table', itemsIngested: { lt: holdings._count._all } },
            data: { itemsIngested: holdings._count._all },
          }),
        ]
      : []),
  ]);
  const created = dataSourceCatalogue.filter((seed) => !existing.has(seed.key)).length;
  return { total: dataSourceCatalogue.length, created, updated: dataSourceCatalogue.length - created, holdingsLastSuccessAt: newest };
}
