// The seed files of prisma/seed-data/capital/ and Strategy's own file as the capital functions' rows,
// without a database: what the hand-computed tests and `npm run metrics:report` check against.
import fs from 'node:fs';
import path from 'node:path';
import { capitalSeedDir, readCapitalEvents, readInstrumentObservations, readShareCounts, readStrategyReportedFigures } from './seed-capital';
import { marketSeedDir, strategyFileName } from './seed-market';
import { buildKpiInputs } from '../../lib/capital/inputs';
import type { CapitalEventRow } from '../../lib/capital/issuance';
import type { DatedValue, KpiInputs } from '../../lib/capital/kpis';
import type { InstrumentRow } from '../../lib/capital/stack';

export interface StoredCompanyRows {
  instruments: InstrumentRow[];
  events: CapitalEventRow[];
  reported: Map<string, DatedValue[]>;
  kpi: KpiInputs;
}

export function storedCompanyRows(ticker: string, exchange: string): StoredCompanyRows {
  const read = (file: string) => fs.readFileSync(path.join(capitalSeedDir, file), 'utf8');
  const mine = <Row extends { ticker: string; exchange: string }>(rows: Row[]) => rows.filter((row) => row.ticker === ticker && row.exchange === exchange);
  const instruments = mine(readInstrumentObservations(read)).map(({ ticker: _ticker, exchange: _exchange, rowKey: _rowKey, ...row }) => row);
  const events = mine(readCapitalEvents(read('btc-purchases.csv'))).map(({ ticker: _ticker, exchange: _exchange, rowKey, ...row }) => ({ id: rowKey, ...row }));
  const reported = new Map<string, DatedValue[]>();
  for (const row of mine(readStrategyReportedFigures(fs.readFileSync(path.join(marketSeedDir, strategyFileName), 'utf8')))) {
    reported.set(row.field, [...(reported.get(row.field) ?? []), { date: row.date, value: row.value, source: row.source }]);
  }
  for (const rows of reported.values()) rows.sort((a, b) => (a.date < b.date ? -1 : 1));
  const kpi = buildKpiInputs({
    ticker,
    shareCounts: mine(readShareCounts(read('share-counts.csv'))).map((row) => ({ date: row.date, value: row.value, basis: row.basis, source: row.source })),
    events,
    instruments,
    reportedHoldings: reported.get('btc_holdings') ?? [],
    history: [],
    btcPrices: reported.get('btc_price') ?? [],
  });
  return { instruments, events, reported, kpi };
}
