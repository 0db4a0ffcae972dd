// A company's capital rows as the pure functions take them: instruments, purchases and raises, dated
// share counts and the figures it publishes itself. Read in one query per table for many companies.
import type { Db } from '../db';
import type { CapitalEventRow } from './issuance';
import type { DatedValue, ShareCountRow } from './kpis';
import type { InstrumentRow } from './stack';
import { isoDay } from '../dates';

const dayOrNull = (date: Date | null) => (date ? isoDay(date) : null);

export interface CapitalRows {
  instruments: InstrumentRow[];
  events: CapitalEventRow[];
  shareCounts: ShareCountRow[];
  /** The company's own published figures by field, oldest first. */
  reported: Map<string, DatedValue[]>;
}

/** The capital rows of each company (all published fields, or only `fields`). */
export async function loadCapitalRows(db: Db, companyIds: readonly string[], options: { now: Date; fields?: readonly string[] }): Promise<Map<string, CapitalRows>> {
  const where = { companyId: { in: [...companyIds] } };
  const [instruments, counts, events, reportedRows] = await Promise.all([
    db.capitalInstrument.findMany({ where, orderBy: { createdAt: 'asc' } }),
    db.shareCount.findMany({ where: { ...where, date: { lte: options.now } }, orderBy: { date: 'asc' } }),
    db.capitalEvent.findMany({ where }),
    db.companyReportedFigure.findMany({
      where: { ...where, date: { lte: options.now }, ...(options.fields ? { field: { in: [...options.fields] } } : {}) },
      orderBy: { date: 'asc' },
      select: { companyId: true, field: true, date: true, value: true, source: true },
    }),
  ]);
  const byCompany = new Map<string, CapitalRows>(companyIds.map((id) => [id, { instruments: [], events: [], shareCounts: [], reported: new Map() }]));
  for (const row of instruments) byCompany.get(row.companyId)?.instruments.push({
    instrumentKey: row.instrumentKey,
    kind: row.kind,
    currency: row.currency,
    issueDate: row.issueDate,
    maturityDate: row.maturityDate,
    ratePct: row.ratePct,
    rateAsOf: dayOrNull(row.rateAsOf),
    amount: row.amount,
    amountBasis: row.amountBasis,
    amountAsOf: dayOrNull(row.amountAsOf),
    conversionRate: row.conversionRate,
    conversionPrice: row.conversionPrice,
    conversionShares: row.conversionShares,
    liquidationPrefPerShare: row.liquidationPrefPerShare,
    sharesOutstanding: row.sharesOutstanding,
    sharesAsOf: dayOrNull(row.sharesAsOf),
    seniority: row.seniority,
    source: row.source,
    notes: row.notes,
  });
  for (const row of events) byCompany.get(row.companyId)?.events.push({
    id: row.id,
    eventType: row.eventType,
    filingDate: dayOrNull(row.filingDate),
    accession: row.accession,
    periodStart: dayOrNull(row.periodStart),
    periodEnd: dayOrNull(row.periodEnd),
    security: row.security,
    btcAcquired: row.btcAcquired,
    costUsd: row.costUsd,
    avgPriceUsd: row.avgPriceUsd,
    holdingsAfter: row.holdingsAfter,
    holdingsAsOf: dayOrNull(row.holdingsAsOf),
    cumulativeCostUsd: row.cumulativeCostUsd,
    cumulativeAvgPriceUsd: row.cumulativeAvgPriceUsd,
    sharesSold: row.sharesSold,
    notionalUsd: row.notionalUsd,
    netProceedsUsd: row.netProceedsUsd,
    availableAfterUsd: row.availableAfterUsd,
    source: row.source,
    notes: row.notes,
  });
  for (const row of counts) byCompany.get(row.companyId)?.shareCounts.push({ date: isoDay(row.date), value: row.value, basis: row.basis, source: row.source });
  for (const row of reportedRows) {
    const reported = byCompany.get(row.companyId)?.reported;
    reported?.set(row.field, [...(reported.get(row.field) ?? []), { date: isoDay(row.date), value: row.value, source: row.source }]);
  }
  return byCompany;
}
