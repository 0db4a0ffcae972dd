import type { Db } from '../db';
import { dailyCloses, sharesFor, type Dated, type SplitWindow } from './market-metrics';
import { getCompanyDetail } from './repository';
import { isoDay } from '../dates';

// What the company page (/companies/{slug}) and the compare page read beyond the company detail:
// the share price, BTC per share over time, insider trades and the filings behind the figures.
// Every point keeps the date and source of each input (docs/metrics.md); nothing is interpolated.


export interface PricePoint {
  date: string;
  priceUsd: number;
  source: string;
}

export interface BtcPerSharePoint {
  date: string;
  /** BTC per 1,000 basic shares, as the dialog and the leaderboard state it. */
  btcPer1000Shares: number;
  holdingsSource: string;
  sharesAsOf: string;
  sharesSource: string;
}

/** Share prices in USD, one close per trading day. */
async function loadSharePrices(db: Db, companyId: string): Promise<PricePoint[]> {
  const rows = await db.equityPrice.findMany({ where: { companyId }, select: { date: true, close: true, currency: true, closeUsd: true, source: true }, orderBy: { date: 'asc' } });
  return dailyCloses(rows.map((row) => ({ date: isoDay(row.date), close: row.close, currency: row.currency, closeUsd: row.closeUsd, source: row.source })))
    .filter((close) => close.closeUsd !== null)
    .map((close) => ({ date: close.date, priceUsd: close.closeUsd!, source: close.source }));
}

/**
 * BTC per 1,000 basic shares on each date a holdings reading or a share count changes: the latest of
 * each on or before the date, never paired across a share split (lib/treasury/market-metrics.ts).
 */
export function btcPerShareHistory(holdings: readonly Dated[], basicShares: readonly Dated[], splits: readonly SplitWindow[]): BtcPerSharePoint[] {
  const dates = [...new Set([...holdings, ...basicShares].map((row) => row.date))].sort();
  const points: BtcPerSharePoint[] = [];
  for (const date of dates) {
    const held = latest(holdings, date);
    const shares = sharesFor(basicShares, splits, date, 'basic share');
    if (!held || 'reason' in shares || !(shares.row.value > 0)) continue;
    const value = (held.value / shares.row.value) * 1000;
    if (points.at(-1)?.btcPer1000Shares === value) continue;
    points.push({ date, btcPer1000Shares: value, holdingsSource: held.source, sharesAsOf: shares.row.date, sharesSource: shares.row.source });
  }
  return points;
}

function latest(rows: readonly Dated[], date: string): Dated | null {
  let found: Dated | null = null;
  for (const row of rows) {
    if (row.date > date) break;
    found = row;
  }
  return found;
}

async function loadBtcPerShare(db: Db, companyId: string, holdings: readonly { asOf: string; quantity: number; source: string; quarantined: boolean }[]) {
  const [fundamentals, counts, splits] = await Promise.all([
    db.companyFundamental.findMany({ where: { companyId, field: 'shares_outstanding_basic' }, select: { asOf: true, value: true, source: true }, orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }] }),
    // The capital data's dated basic counts (Strategy's KPI file, StrategyTracker), beside the filings' cover pages.
    db.shareCount.findMany({ where: { companyId, basis: { startsWith: 'basic_outstanding' } }, select: { date: true, value: true, source: true }, orderBy: [{ date: 'asc' }, { createdAt: 'asc' }] }),
    db.shareSplit.findMany({ where: { companyId }, select: { after: true, before: true, ratio: true, notes: true } }),
  ]);
  const shares = [...fundamentals.map((row) => ({ date: isoDay(row.asOf), value: row.value, source: row.source })), ...counts.map((row) => ({ date: isoDay(row.date), value: row.value, source: row.source }))];
  const basicShares: Dated[] = [];
  // On one date the first count stands (filings first), as in the metrics (never overwritten).
  for (const row of shares.sort((a, b) => a.date.localeCompare(b.date))) if (basicShares.at(-1)?.date !== row.date) basicShares.push(row);
  const readings = new Map<string, Dated>();
  for (const point of holdings) if (!point.quarantined) readings.set(point.asOf.slice(0, 10), { date: point.asOf.slice(0, 10), value: point.quantity, source: point.source });
  return btcPerShareHistory(
    [...readings.values()].sort((a, b) => a.date.localeCompare(b.date)),
    basicShares,
    splits.map((split) => ({ after: isoDay(split.after), before: isoDay(split.before), ratio: split.ratio, notes: split.notes })),
  );
}

export interface InsiderTradeView {
  id: string;
  insiderName: string;
  insiderRole: string | null;
  transactionDate: string;
  shares: number;
  pricePerShare: number | null;
  acquiredDisposed: string;
  filingUrl: string | null;
}

export interface FilingView {
  url: string;
  label: string;
  date: string;
}

type Detail = NonNullable<Awaited<ReturnType<typeof getCompanyDetail>>>;

/** The documents behind the figures and signals: each URL once, newest first. */
function filingsOf(detail: Detail): FilingView[] {
  const filings = new Map<string, FilingView>();
  const add = (url: string | null, label: string, date: string | null) => {
    if (url && date && !filings.has(url)) filings.set(url, { url, label, date });
  };
  for (const signal of detail.activeSignals) add(signal.metadata.filingUrl, signal.metadata.formType ? `Form ${signal.metadata.formType}` : signal.source, signal.metadata.filedAt ?? signal.detectedAt);
  for (const point of [...detail.holdingsHistory].reverse()) add(point.sourceUrl, `${point.source}: holdings`, point.filedAt ?? point.asOf);
  return [...filings.values()].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 30);
}

/** Everything the company page shows, or null for an unknown id. */
export async function loadCompanyPage(db: Db, companyId: string, now = new Date()) {
  const detail = await getCompanyDetail(db, companyId, now);
  if (!detail) return null;
  const [sharePrices, btcPerShare, trades, btcPrice] = await Promise.all([
    loadSharePrices(db, companyId),
    loadBtcPerShare(db, companyId, detail.holdingsHistory),
    db.insiderTransaction.findMany({ where: { companyId }, orderBy: [{ transactionDate: 'desc' }, { id: 'asc' }], take: 25 }),
    db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'desc' }, select: { priceUsd: true, at: true, source: true } }),
  ]);
  const insiderTrades: InsiderTradeView[] = trades.map((trade) => ({
    id: trade.id,
    insiderName: trade.insiderName,
    insiderRole: trade.insiderRole,
    transactionDate: trade.transactionDate.toISOString(),
    shares: trade.shares,
    pricePerShare: trade.pricePerShare,
    acquiredDisposed: trade.acquiredDisposed,
    filingUrl: trade.filingUrl,
  }));
  const btc = { priceUsd: btcPrice?.priceUsd ?? null, pricedAt: btcPrice?.at.toISOString() ?? null, source: btcPrice?.source ?? null };
  return { detail, sharePrices, btcPerShare, insiderTrades, filings: filingsOf(detail), btc };
}

export type CompanyPageData = NonNullable<Awaited<ReturnType<typeof loadCompanyPage>>>;
