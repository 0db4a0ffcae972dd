import type { Db } from '../db';

export async function listTopHoldings(db: Db, limit = 100) {
  return db.company.findMany({
    orderBy: [{ btcHoldings: 'desc' }, { name: 'asc' }],
    take: limit,
    select: { id: true, name: true, ticker: true, exchange: true, sector: true, country: true, btcHoldings: true, holdingsAsOf: true },
  });
}

export async function summarizeHoldings(db: Db) {
  const { _count, _sum } = await db.company.aggregate({ _count: { _all: true }, _sum: { btcHoldings: true } });
  return { trackedCompanies: _count._all, totalBtc: _sum.btcHoldings ?? 0 };
}
