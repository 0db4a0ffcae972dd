import type { Db } from '../db';
import { isUniqueViolation } from '@/lib/db/errors';
import { AppError } from '../http/errors';
import { asDelivery } from './delivery';
import { activeSignalDays, signalView } from './repository';
import { companyMarketCap } from '../market/market-cap';
import { percentChange } from '../market/percent-change';
import { computeMarketImpact, lastAtOrBefore, type PricePoint } from './market-impact';
import type { AlertBody, FilingDto, MarketImpactDto, SignalDetailDto, SignalSummaryDto, WatchlistBody } from './schema';
import { computeTrackRecord, pumpCheck, pumpTradingDays, trackRecordWindowDays } from './track-record';
import { isoDay } from '../dates';

// Server side of the Signals screen (spec 001 §2): counters, one signal with its context, the filing
// behind it, its market impact, and the user's watchlist entries and alert rules (owner in every where).

const day = 86_400_000;
/** Window of the "similar signals" and "same sector" counts, ending at the signal's detection. */
const correlationWindowDays = 30;
const coins = new Set(['BTC', 'ETH']);

export async function getSignalSummary(db: Db, now = new Date()): Promise<SignalSummaryDto> {
  const since = { gte: new Date(now.getTime() - activeSignalDays * day) };
  const [totalSignals, activeSignals, criticalAlerts, secFilings, insiderActivity, prePumpSignals] = await Promise.all([
    db.signal.count(),
    db.signal.count({ where: { detectedAt: since } }),
    db.signal.count({ where: { detectedAt: since, severity: 'critical' } }),
    db.signal.count({ where: { detectedAt: since, signalType: 'sec-filing' } }),
    db.signal.count({ where: { detectedAt: since, signalType: 'insider-trading' } }),
    db.signal.count({ where: { detectedAt: since, signalType: 'pre-pump' } }),
  ]);
  return { totalSignals, activeSignals, criticalAlerts, secFilings, insiderActivity, prePumpSignals, windowDays: activeSignalDays };
}

async function findSignal(db: Db, id: string) {
  const signal = id.length <= 64 ? await db.signal.findUnique({ where: { id }, include: { company: true } }) : null;
  if (!signal) throw new AppError('not_found', 'Signal not found');
  return signal;
}

export async function getSignalDetail(db: Db, id: string, userId: string): Promise<SignalDetailDto> {
  const signal = await findSignal(db, id);
  const window = { gte: new Date(signal.detectedAt.getTime() - correlationWindowDays * day), lte: signal.detectedAt };
  const sector = signal.company?.sector ?? null;
  const [similarSignals, sameSectorSignals, watchlisted, trackRecord, pump] = await Promise.all([
    db.signal.count({ where: { id: { not: signal.id }, signalType: signal.signalType, detectedAt: window } }),
    sector ? db.signal.count({ where: { id: { not: signal.id }, detectedAt: window, company: { sector } } }) : Promise.resolve(0),
    db.watchlistEntry.count({ where: { userId, signalId: signal.id } }),
    loadTrackRecord(db, signal),
    signal.companyId
      ? db.equityPrice
          .findMany({
            where: { companyId: signal.companyId, date: { lte: signal.detectedAt, gte: new Date(signal.detectedAt.getTime() - 30 * day) } },
            orderBy: { date: 'desc' },
            take: 4 * (pumpTradingDays + 1),
            select: { date: true, close: true },
          })
          .then((closes) => pumpCheck(uniqueDays(closes), signal.detectedAt))
      : Promise.resolve(pumpCheck([], signal.detectedAt)),
  ]);
  const { company, ...row } = signal;
  return {
    ...signalView({ ...row, company }),
    company: company ? { id: company.id, name: company.name, ticker: company.ticker, sector: company.sector ?? 'Other' } : null,
    intelligence: { similarSignals, sameSectorSignals, windowDays: correlationWindowDays },
    trackRecord,
    pumpCheck: pump,
    watchlisted: watchlisted > 0,
  };
}

/** One close per trading day (a day may have closes from several sources; the first wins). */
function uniqueDays(closes: { date: Date; close: number }[]) {
  const byDay = new Map<string, { date: Date; close: number }>();
  for (const close of closes) if (!byDay.has(isoDay(close.date))) byDay.set(isoDay(close.date), close);
  return [...byDay.values()];
}

/** Past signals considered for a source's track record: the newest this many, enough for a stable rate. */
const trackRecordSample = 2_000;

/**
 * The track record of the signal's source and type (docs/metrics.md, "Signal track record"): past
 * signals of both, other than this one, against the holdings increases recorded after them.
 */
async function loadTrackRecord(db: Db, signal: { id: string; source: string; signalType: string }) {
  const newest = await db.holdingSnapshot.aggregate({ where: { quarantined: false }, _max: { asOf: true } });
  const dataEnd = newest._max.asOf;
  const resolvedBefore = dataEnd ? new Date(dataEnd.getTime() - trackRecordWindowDays * day) : null;
  const past = resolvedBefore
    ? await db.signal.findMany({
        where: { id: { not: signal.id }, source: signal.source, signalType: signal.signalType, detectedAt: { lte: resolvedBefore } },
        orderBy: { detectedAt: 'desc' },
        take: trackRecordSample,
        select: { companyId: true, detectedAt: true },
      })
    : [];
  const companyIds = [...new Set(past.flatMap((row) => (row.companyId ? [row.companyId] : [])))];
  const earliest = past.at(-1)?.detectedAt;
  const changes =
    companyIds.length && earliest
      ? await db.holdingChange.findMany({
          where: { companyId: { in: companyIds }, oldQuantity: { not: null }, learnedAt: { gt: earliest } },
          select: { companyId: true, learnedAt: true, oldQuantity: true, newQuantity: true },
        })
      : [];
  const increases = changes.filter((change) => change.newQuantity > (change.oldQuantity ?? Infinity)).map((change) => ({ companyId: change.companyId, at: change.learnedAt }));
  return computeTrackRecord(past, increases, dataEnd);
}

function parseDetails(details: string | null): Record<string, unknown> {
  if (!details) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function getSignalFiling(db: Db, id: string): Promise<FilingDto> {
  const signal = await findSignal(db, id);
  const details = parseDetails(signal.details);
  const items = Array.isArray(details.items) ? details.items.filter((item): item is string => typeof item === 'string') : [];
  const accession = typeof details.accession === 'string' ? details.accession : null;
  const excerpt = typeof details.excerpt === 'string' ? details.excerpt : null;
  const available = Boolean(signal.filingUrl || signal.formType || accession);
  return {
    available,
    reason: available ? null : 'This signal was not derived from an SEC filing, so there is no filing to show.',
    formType: signal.formType,
    filedAt: signal.filedAt?.toISOString() ?? null,
    items,
    company: signal.company?.name ?? signal.companyName,
    ticker: signal.company?.ticker ?? null,
    accessionNumber: accession,
    filingUrl: signal.filingUrl,
    source: signal.source,
    excerpt,
  };
}

const pricePoints = (rows: { at: Date; priceUsd: number; volumeUsd: number | null }[]): PricePoint[] =>
  rows.map((row) => ({ at: row.at, priceUsd: row.priceUsd, volumeUsd: row.volumeUsd }));

export async function getMarketImpact(db: Db, id: string, now = new Date()): Promise<MarketImpactDto> {
  const signal = await findSignal(db, id);
  const company = signal.company;
  const select = { at: true, priceUsd: true, volumeUsd: true } as const;
  const [btcRows, companyRows] = await Promise.all([
    db.marketPrice.findMany({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'asc' }, select }),
    company && !coins.has(company.ticker)
      ? db.marketPrice.findMany({ where: { symbol: company.ticker, at: { lte: now } }, orderBy: { at: 'asc' }, select })
      : Promise.resolve([]),
  ]);
  let subject: { symbol: string; basis: 'company' | 'btc'; points: PricePoint[] } = { symbol: 'BTC', basis: 'btc', points: pricePoints(btcRows) };
  if (company && companyRows.length) subject = { symbol: company.ticker, basis: 'company', points: pricePoints(companyRows) };
  else if (company && signal.currentPrice !== null && company.sharePriceUsd !== null && company.sharePriceAt && company.sharePriceAt > signal.detectedAt) {
    // No stored series, but the price recorded with the signal and the company's latest quote still bracket it.
    subject = {
      symbol: company.ticker,
      basis: 'company',
      points: [
        { at: new Date(signal.detectedAt.getTime() - 1), priceUsd: signal.currentPrice, volumeUsd: null },
        { at: company.sharePriceAt, priceUsd: company.sharePriceUsd, volumeUsd: null },
      ],
    };
  }

  const sectorChanges: number[] = [];
  if (company?.sector) {
    const peers = await db.company.findMany({ where: { sector: company.sector, id: { not: company.id } }, select: { ticker: true }, take: 200 });
    const tickers = peers.map((peer) => peer.ticker).filter((ticker) => !coins.has(ticker));
    if (tickers.length) {
      const rows = await db.marketPrice.findMany({ where: { symbol: { in: tickers }, at: { lte: now } }, orderBy: { at: 'asc' }, select: { symbol: true, ...select } });
      const bySymbol = new Map<string, PricePoint[]>();
      for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row]);
      for (const points of bySymbol.values()) {
        const before = lastAtOrBefore(points, new Date(signal.detectedAt.getTime() - 1));
        const latest = points.at(-1)!;
        const change = before && latest.at > before.at ? percentChange({ from: before.priceUsd, to: latest.priceUsd }) : null;
        if (change !== null) sectorChanges.push(change);
      }
    }
  }

  const marketCap = company ? companyMarketCap(company) : null;
  const impact = computeMarketImpact({
    detectedAt: signal.detectedAt,
    confidence: signal.confidence,
    subject,
    btc: pricePoints(btcRows),
    sectorChanges,
    btcHoldings: company?.btcHoldings ?? null,
    marketCapUsd: marketCap,
  });
  return { ...impact, company: company?.name ?? signal.companyName, signalId: signal.id, analysisTimestamp: now.toISOString() };
}

// ---- Watchlist -------------------------------------------------------------------------------

function watchlistView(entry: { id: string; signalId: string | null; companyId: string | null; note: string | null; createdAt: Date; signal: Parameters<typeof signalView>[0] | null }) {
  return {
    id: entry.id,
    signalId: entry.signalId,
    companyId: entry.companyId,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    signal: entry.signal ? signalView(entry.signal) : null,
  };
}

/** Adds a signal to the user's watchlist; adding it again returns the existing entry. */
export async function addToWatchlist(db: Db, userId: string, body: WatchlistBody) {
  const signal = await findSignal(db, body.signalId);
  const existing = await db.watchlistEntry.findUnique({ where: { userId_signalId: { userId, signalId: signal.id } }, include: { signal: true } });
  if (existing) return { entry: watchlistView(existing), created: false };
  try {
    const entry = await db.watchlistEntry.create({
      data: { userId, signalId: signal.id, companyId: signal.companyId, note: body.note ?? null },
      include: { signal: true },
    });
    return { entry: watchlistView(entry), created: true };
  } catch (error) {
    // A parallel request added it first.
    if (!isUniqueViolation(error)) throw error;
    const entry = await db.watchlistEntry.findUniqueOrThrow({ where: { userId_signalId: { userId, signalId: signal.id } }, include: { signal: true } });
    return { entry: watchlistView(entry), created: false };
  }
}

export async function listWatchlist(db: Db, userId: string) {
  const entries = await db.watchlistEntry.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: { signal: true }, take: 500 });
  return entries.map(watchlistView);
}

export async function removeWatchlistEntry(db: Db, userId: string, id: string) {
  const { count } = await db.watchlistEntry.deleteMany({ where: { id, userId } });
  if (!count) throw new AppError('not_found', 'Watchlist entry not found');
}

// ---- Alert rules -----------------------------------------------------------------------------

/** Default move, in percent, that fires a price alert. */
const defaultPriceThresholdPct = 5;

function alertView(rule: { id: string; kind: string; companyId: string | null; signalId: string | null; thresholdPct: number | null; basePrice: number | null; active: boolean; createdAt: Date; delivery: string | null }) {
  return {
    id: rule.id,
    kind: rule.kind,
    companyId: rule.companyId,
    signalId: rule.signalId,
    thresholdPct: rule.thresholdPct,
    basePrice: rule.basePrice,
    active: rule.active,
    delivery: asDelivery(rule.delivery),
    createdAt: rule.createdAt.toISOString(),
  };
}

/**
 * Stores an alert rule: one per user, kind and company (setting it again updates and re-activates
 * it). A price alert needs a company; its reference is the latest known share price, else none.
 */
export async function createAlert(db: Db, userId: string, body: AlertBody) {
  let companyId = body.companyId ?? null;
  let signalId = body.signalId ?? null;
  if (signalId) {
    const signal = await findSignal(db, signalId);
    if (companyId && signal.companyId && companyId !== signal.companyId) {
      throw new AppError('validation_failed', 'The signal belongs to another company', { companyId: ['does not match the signal'] });
    }
    companyId ??= signal.companyId;
    signalId = signal.id;
  }
  const company = companyId ? await db.company.findUnique({ where: { id: companyId } }) : null;
  if (companyId && !company) throw new AppError('not_found', 'Company not found');
  if (body.kind === 'price' && !company) {
    throw new AppError('validation_failed', 'Price alerts need a tracked company; this signal has none', { companyId: ['required for price alerts'] });
  }
  const thresholdPct = body.kind === 'price' ? (body.thresholdPct ?? defaultPriceThresholdPct) : null;
  let basePrice: number | null = null;
  if (body.kind === 'price' && company) {
    const latest = coins.has(company.ticker) ? null : await db.marketPrice.findFirst({ where: { symbol: company.ticker }, orderBy: { at: 'desc' }, select: { priceUsd: true } });
    basePrice = latest?.priceUsd ?? company.sharePriceUsd;
  }
  const data = { signalId, thresholdPct, basePrice, active: true, ...(body.delivery ? { delivery: body.delivery } : {}) };

  if (companyId) {
    const existing = await db.alertRule.findUnique({ where: { userId_kind_companyId: { userId, kind: body.kind, companyId } } });
    if (existing) return { rule: alertView(await db.alertRule.update({ where: { id: existing.id }, data })), created: false };
    try {
      return { rule: alertView(await db.alertRule.create({ data: { userId, kind: body.kind, companyId, ...data } })), created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const rule = await db.alertRule.update({ where: { userId_kind_companyId: { userId, kind: body.kind, companyId } }, data });
      return { rule: alertView(rule), created: false };
    }
  }
  // A signal with no company: one rule per signal.
  const existing = await db.alertRule.findFirst({ where: { userId, kind: body.kind, companyId: null, signalId } });
  if (existing) return { rule: alertView(await db.alertRule.update({ where: { id: existing.id }, data })), created: false };
  return { rule: alertView(await db.alertRule.create({ data: { userId, kind: body.kind, companyId: null, ...data } })), created: true };
}

export async function listAlerts(db: Db, userId: string) {
  const rules = await db.alertRule.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 500 });
  return rules.map(alertView);
}

export async function removeAlert(db: Db, userId: string, id: string) {
  const { count } = await db.alertRule.deleteMany({ where: { id, userId } });
  if (!count) throw new AppError('not_found', 'Alert not found');
}
