import fs from 'node:fs';
import { db } from '../../lib/db';
import { resetDatabase } from '@/test/support/database';
import { companiesCsvPath, readCompanySeeds, seedCompanies } from './seed';

beforeEach(resetDatabase);

describe('seedCompanies', () => {
  it('loads every company of the provenance file once, however often it runs', async () => {
    const first = await seedCompanies(db);
    const second = await seedCompanies(db);
    const rows = readCompanySeeds(fs.readFileSync(companiesCsvPath, 'utf8'));

    expect(rows).toHaveLength(157);
    expect(first).toEqual({ total: 156, created: 156, updated: 0, conflicts: 1 });
    expect(second).toEqual({ total: 156, created: 0, updated: 156, conflicts: 1 });
    expect(await db.company.count()).toBe(156);
  });

  it('keeps the first of two entities listed under one ticker and records the other in its notes', async () => {
    await seedCompanies(db);
    const sato = await db.company.findUniqueOrThrow({ where: { ticker_exchange: { ticker: 'SATO', exchange: 'TSXV' } } });
    expect(sato).toMatchObject({ name: 'Canada Computational Unlimited Corp.', btcHoldings: 75 });
    expect(sato.notes).toContain('Conflict: the source also lists "SATO Technologies Corp." under SATO:TSXV with 9 BTC (as of 2026-07-11)');
  });

  it('keeps the figures and provenance of the file', async () => {
    await seedCompanies(db);
    const strategy = await db.company.findUniqueOrThrow({ where: { ticker_exchange: { ticker: 'MSTR', exchange: 'NASDAQ' } } });
    expect(strategy).toMatchObject({
      name: 'Strategy (MicroStrategy)',
      btcHoldings: 843775,
      sharesOutstanding: 333752708,
      avgCostUsd: 76027,
      secCik: '0001050446',
      sector: 'Financial',
    });
    expect(strategy.holdingsAsOf.toISOString()).toBe('2026-07-11T00:00:00.000Z');
    expect(strategy.source).toContain('bitbo.io/treasuries');
  });

  it('tells apart two companies that share a ticker on different exchanges', async () => {
    await seedCompanies(db);
    const coin = await db.company.findMany({ where: { ticker: 'COIN' }, orderBy: { exchange: 'asc' } });
    expect(coin.map((company) => company.exchange)).toEqual(['AQUIS', 'NASDAQ']);
  });

  it('refuses a file with a figure that is not a quantity, and stores nothing from it', async () => {
    const header = 'name,ticker,exchange,country,sector,btc_holdings,as_of,shares_outstanding,avg_cost_usd,source,sector_detail,country_basis,sec_cik,notes';
    const bad = `${header}\nGood Co,GOOD,NASDAQ,US,Other,10,2026-07-11,,,src,,,,\nBad Co,BAD,NASDAQ,US,Other,lots,2026-07-11,,,src,,,,`;
    await expect(seedCompanies(db, bad)).rejects.toThrow('Line 3: btc_holdings "lots" is not a quantity');
    expect(await db.company.count()).toBe(0);
  });
});
