// The KPI inputs of one company from its stored rows (pure, so tests build them from the seed files).
import type { AtmSale, DatedValue, KpiInputs, ReportedPeriod, ShareCountRow } from './kpis';
import type { CapitalEventRow } from './issuance';
import type { InstrumentRow } from './stack';

/** Holdings by day: a filing's figure first, then the company's own file, then the holdings history. */
function mergeHoldings(events: readonly Pick<CapitalEventRow, 'holdingsAfter' | 'holdingsAsOf' | 'accession' | 'filingDate'>[], reported: readonly DatedValue[], history: readonly DatedValue[]): DatedValue[] {
  const byDay = new Map<string, DatedValue>();
  for (const row of history) byDay.set(row.date, { date: row.date, value: row.value, source: row.source });
  for (const row of reported) byDay.set(row.date, row);
  for (const event of events) {
    if (event.holdingsAfter !== null && event.holdingsAsOf) byDay.set(event.holdingsAsOf, { date: event.holdingsAsOf, value: event.holdingsAfter, source: `8-K ${event.accession || event.filingDate || ''}`.trim() });
  }
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

export interface KpiRows {
  ticker: string;
  shareCounts: readonly ShareCountRow[];
  events: readonly CapitalEventRow[];
  instruments: readonly Pick<InstrumentRow, 'instrumentKey' | 'kind' | 'conversionRate'>[];
  /** The company's own published holdings (Strategy's btc_holdings), by day. */
  reportedHoldings: readonly DatedValue[];
  /** The holdings history (snapshots), by day. */
  history: readonly DatedValue[];
  btcPrices: readonly DatedValue[];
}

export function buildKpiInputs(rows: KpiRows): KpiInputs {
  const atmSales: AtmSale[] = rows.events
    .filter((event) => event.eventType === 'atm_sale' && event.periodEnd && event.security && event.sharesSold !== null)
    .map((event) => ({
      periodStart: event.periodStart,
      periodEnd: event.periodEnd!,
      security: event.security!,
      sharesSold: event.sharesSold!,
      netProceedsUsd: event.netProceedsUsd,
      notionalUsd: event.notionalUsd,
      accession: event.accession,
      source: event.source,
    }));
  const reportedPeriods: ReportedPeriod[] = rows.events
    .filter((event) => event.eventType === 'btc_purchase' && event.periodStart && event.periodEnd)
    .map((event) => ({ periodStart: event.periodStart!, periodEnd: event.periodEnd! }));
  const preferredConversion: Record<string, number> = {};
  for (const row of rows.instruments) if (row.kind.startsWith('preferred') && row.conversionRate !== null) preferredConversion[row.instrumentKey] = row.conversionRate;
  return {
    shareCounts: [...rows.shareCounts].sort((a, b) => (a.date < b.date ? -1 : 1)),
    holdings: mergeHoldings(rows.events, rows.reportedHoldings, rows.history),
    btcPrices: [...rows.btcPrices].sort((a, b) => (a.date < b.date ? -1 : 1)),
    atmSales,
    reportedPeriods,
    commonSecurity: rows.ticker,
    preferredConversion,
  };
}
