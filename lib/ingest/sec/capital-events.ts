// Online, the issuance tracker's rows come from the weekly 8-Ks as the SEC ingest reads them: the
// "BTC Update" table (lib/ingest/sec/btc-disclosure.ts) and the "ATM Update" table
// (lib/ingest/sec/atm-update.ts) become CapitalEvent rows. A row the seed or an earlier run already
// holds for the same filing, period and security is not added again.
import type { Db } from '../../db';
import type { AtmUpdate } from './atm-update';
import type { BtcFigures } from './btc-disclosure';
import { isoDay } from '../../dates';

export interface FilingCapitalInput {
  companyId: string;
  accession: string;
  filedAt: Date;
  sourceUrl: string;
  figures: BtcFigures;
  atm: AtmUpdate | undefined;
}

export async function recordFilingCapitalEvents(db: Db, input: FilingCapitalInput): Promise<number> {
  const { figures, atm } = input;
  const source = `SEC EDGAR 8-K ${input.accession} (${input.sourceUrl})`;
  const rows = [];
  if (figures.parsedFrom === 'table' && figures.periodEnd && (figures.acquiredBtc !== undefined || figures.aggregateBtc !== undefined)) {
    rows.push({
      eventType: 'btc_purchase',
      periodStart: figures.periodStart ?? null,
      periodEnd: figures.periodEnd,
      security: null,
      btcAcquired: figures.acquiredBtc ?? null,
      costUsd: figures.purchaseCostUsd ?? null,
      avgPriceUsd: figures.averagePurchasePriceUsd ?? null,
      holdingsAfter: figures.aggregateBtc ?? null,
      holdingsAsOf: figures.asOf ?? null,
      cumulativeCostUsd: figures.aggregateCostUsd ?? null,
      cumulativeAvgPriceUsd: figures.averageCostUsd ?? null,
    });
  }
  for (const sale of atm?.periodEnd ? atm.sales : []) {
    rows.push({
      eventType: 'atm_sale',
      periodStart: atm!.periodStart ?? null,
      periodEnd: atm!.periodEnd!,
      security: sale.security,
      sharesSold: sale.sharesSold,
      notionalUsd: sale.notionalUsd,
      netProceedsUsd: sale.netProceedsUsd,
      availableAfterUsd: sale.availableAfterUsd,
    });
  }
  let created = 0;
  for (const row of rows) {
    const seen = await db.capitalEvent.findFirst({
      where: { companyId: input.companyId, accession: input.accession, eventType: row.eventType, periodEnd: row.periodEnd, security: row.security },
      select: { id: true },
    });
    if (seen) continue;
    const rowKey = `sec:${input.accession}:${row.eventType}:${isoDay(row.periodEnd)}:${row.security ?? ''}`;
    await db.capitalEvent.upsert({ where: { rowKey }, create: { companyId: input.companyId, accession: input.accession, filingDate: input.filedAt, source, rowKey, ...row }, update: {} });
    created += 1;
  }
  return created;
}
