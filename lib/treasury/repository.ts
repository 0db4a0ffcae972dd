import type { Db } from '../db';
import { latestQuote } from '../market/quote';
import { healthDistribution, holdingsTotals, isCountedInTotals, sectorAllocation } from './aggregates';
import { comparisonHoldingSources } from './flags';
import { companyMarketCap } from '../market/market-cap';
import { metricDefaults, type CompanyMetrics } from './metrics';
import { loadBtcPrice, parseDefaults, parseMarketInputs, parseMnavHistory } from './metrics-store';
import { riskInputsOf } from './risk-inputs';
import { activeSignalDays, signalView } from '../signals/repository';
import { loadSlugIndex, type SlugIndex } from './slugs';
import { isoDay } from '../dates';

// Reads of the treasury domain behind the data endpoints (spec 001 §3, §7): companies and their views,
// holdings, the dashboard's aggregates, market data and discoveries. Metrics come from the
// CompanyMetric cache so a company's figures are identical in every answer (docs/metrics.md).

const day = 86_400_000;

/** The fields that name and place a company; every answer about a company starts with them. */
export const companyIdentitySelect = { id: true, name: true, ticker: true, exchange: true, sector: true, country: true } as const;

/** A company's identity as the API gives it (a company with no sector counts as Other). */
export function companyIdentity(company: { id: string; name: string; ticker: string; exchange: string; sector: string | null; country: string | null }) {
  return { id: company.id, name: company.name, ticker: company.ticker, exchange: company.exchange, sector: company.sector ?? 'Other', country: company.country };
}

const companySelect = {
  ...companyIdentitySelect,
  secCik: true,
  btcHoldings: true,
  holdingsAsOf: true,
  holdingsSourceUrl: true,
  holdingsFiledAt: true,
  source: true,
  sharesOutstanding: true,
  avgCostUsd: true,
  marketCapUsd: true,
  sharePriceUsd: true,
  flagged: true,
  flagReason: true,
  flagCheck: true,
  holdingsConfirmed: true,
  notes: true,
  metrics: {
    omit: { mNavHistory: true },
  },
} as const;

/**
 * Companies whose current figure counts in totals: not flagged (a source disagreement, a quarantined
 * figure, a known issue) and confirmed (not only claimed by a user). Issue 12; docs/metrics.md.
 */
export const confirmedCompanyWhere = { flagged: false, holdingsConfirmed: true } as const;

/**
 * The part of the companies file's note that dates a figure (prisma/seed-data/README.md: share counts
 * and average costs are older than the holdings, and their dates live in `notes`), e.g.
 * "shares as of 2026-02-19 (10-K FY2025 cover page, per dat-tracker provenance/mara.ts)".
 */
function noteAbout(notes: string | null, subject: 'shares' | 'avg cost'): string | null {
  return notes?.split(' | ').find((part) => part.trim().toLowerCase().startsWith(subject))?.trim() ?? null;
}

type CompanyRow = Awaited<ReturnType<typeof loadCompanies>>[number];

function loadCompanies(db: Db, options: { limit: number; offset: number; ids?: string[] }) {
  return db.company.findMany({
    where: options.ids ? { id: { in: options.ids } } : undefined,
    orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }],
    take: options.limit,
    skip: options.offset,
    select: companySelect,
  });
}

/**
 * A company's metrics as the API gives them: the stored figures, the defaults they fell back to, the
 * risk inputs that are missing, and when. `mNav` (4 decimals) and `mNavAsOf` date `premiumToNav`:
 * the latest day with a price (or stated market cap), holdings and shares (docs/metrics.md).
 */
export type MetricsView = Omit<CompanyMetrics, 'healthGrade'> & {
  healthGrade: string;
  computedAt: string | null;
  mNav: number | null;
  mNavAsOf: string | null;
  evMNav: number | null;
  dilutedMNav: number | null;
  btcPer1000Shares: number | null;
  shareVolatility: number | null;
  leverage: number | null;
  /** Why each unknown market figure is unknown (first reason), keyed like the figures. */
  missingReasons: Partial<Record<MarketFigureKey, string>>;
};

const marketFigureKeys = ['mNav', 'evMNav', 'dilutedMNav', 'marketCap', 'btcPer1000Shares', 'shareVolatility', 'leverage', 'btcYield90'] as const;
type MarketFigureKey = (typeof marketFigureKeys)[number];

export function metricsView(metrics: CompanyRow['metrics']): MetricsView {
  if (!metrics) {
    return {
      ...metricDefaults,
      premiumToNav: null,
      bitcoinYield: null,
      defaults: ['healthGrade', 'aiRiskScore', 'convictionScore', 'governanceScore', 'dryPowderScore', 'premiumToNav', 'bitcoinYield', 'insiderTimingSignal', 'volatilityExposure'],
      missingInputs: ['mNAV', 'share volatility', 'leverage', 'holdings history', 'governance inputs'],
      provisional: true,
      computedAt: null,
      mNav: null,
      mNavAsOf: null,
      evMNav: null,
      dilutedMNav: null,
      btcPer1000Shares: null,
      shareVolatility: null,
      leverage: null,
      exposureBasis: null,
      missingReasons: Object.fromEntries(marketFigureKeys.map((key) => [key, 'metrics not computed yet'])),
    };
  }
  const figures = parseMarketInputs(metrics.marketInputs);
  return {
    healthGrade: metrics.healthGrade,
    aiRiskScore: metrics.aiRiskScore,
    convictionScore: metrics.convictionScore,
    governanceScore: metrics.governanceScore,
    dryPowderScore: metrics.dryPowderScore,
    premiumToNav: metrics.premiumToNav === null ? null : Math.round(metrics.premiumToNav * 100) / 100,
    bitcoinYield: metrics.bitcoinYield,
    insiderTimingSignal: metrics.insiderTimingSignal,
    volatilityExposure: metrics.volatilityExposure,
    exposureBasis: figures?.exposureBasis ?? null,
    defaults: parseDefaults(metrics.defaults),
    missingInputs: missingInputsOf(metrics),
    provisional: metrics.provisional ?? false,
    computedAt: metrics.computedAt.toISOString(),
    mNav: metrics.premiumToNav,
    mNavAsOf: metrics.mNavAsOf?.toISOString().slice(0, 10) ?? null,
    evMNav: metrics.evMNav,
    dilutedMNav: metrics.dilutedMNav,
    btcPer1000Shares: metrics.btcPer1000Shares,
    shareVolatility: metrics.shareVolatility,
    leverage: metrics.leverage,
    missingReasons: Object.fromEntries(
      marketFigureKeys.flatMap((key) => {
        const figure = figures?.[key];
        if (!figures) return [[key, 'market metrics not computed yet']];
        return figure && figure.value === null ? [[key, figure.missing[0] ?? 'unknown']] : [];
      }),
    ),
  };
}

function missingInputsOf(metrics: NonNullable<CompanyRow['metrics']>): MetricsView['missingInputs'] {
  const known: Record<string, boolean> = {
    mNAV: metrics.premiumToNav !== null,
    'share volatility': metrics.shareVolatility !== null,
    leverage: metrics.leverage !== null,
    'holdings history': !parseDefaults(metrics.defaults).includes('convictionScore'),
    'governance inputs': !parseDefaults(metrics.defaults).includes('governanceScore'),
  };
  return (Object.keys(known) as MetricsView['missingInputs']).filter((name) => !known[name]);
}

function provenanceOf(company: CompanyRow) {
  return {
    source: company.source,
    sourceUrl: company.holdingsSourceUrl,
    filedAt: company.holdingsFiledAt?.toISOString() ?? null,
    asOf: company.holdingsAsOf.toISOString(),
  };
}

function companyView(company: CompanyRow, btcPriceUsd: number | null, slugs: SlugIndex) {
  // The point-in-time market cap of the mNAV date; a figure given with the company (chat) otherwise.
  const marketCap = company.metrics?.marketCapUsd ?? companyMarketCap(company);
  const currentValue = btcPriceUsd ? company.btcHoldings * btcPriceUsd : null;
  return {
    ...companyIdentity(company),
    /** The company page's slug: /companies/{slug} (lib/treasury/slugs.ts). */
    slug: slugs.slugOf(company.id) ?? company.id,
    secCik: company.secCik,
    marketCap,
    marketCapAsOf: company.metrics?.marketCapUsd ? (company.metrics.mNavAsOf?.toISOString().slice(0, 10) ?? null) : null,
    sharesOutstanding: company.sharesOutstanding,
    btcHoldings: company.btcHoldings,
    holdings: [
      {
        asset: 'BTC',
        quantity: company.btcHoldings,
        currentValue,
        /** BTC value as a share of market capitalisation, when the market cap is known. */
        allocationPercentage: currentValue && marketCap ? Math.round((currentValue / marketCap) * 1000) / 10 : null,
        averageCostUsd: company.avgCostUsd,
        ...provenanceOf(company),
      },
    ],
    metrics: metricsView(company.metrics),
    flagged: company.flagged,
    flagReason: company.flagReason,
    /** The check that raised the flag (docs/metrics.md, "Plausibility checks"). */
    flagCheck: company.flagCheck,
    /** False while the figure is only claimed (chat) and no filing or second source confirms it. */
    holdingsConfirmed: company.holdingsConfirmed,
    countedInTotals: isCountedInTotals(company),
    /** Where the share count and average cost come from, with their dates, as the source states them. */
    sharesNote: company.sharesOutstanding === null ? null : noteAbout(company.notes, 'shares'),
    avgCostNote: company.avgCostUsd === null ? null : noteAbout(company.notes, 'avg cost'),
  };
}

export type CompanyView = ReturnType<typeof companyView>;

export interface PageOptions {
  limit: number;
  offset: number;
}

/** Holdings records, largest holder first, each with its recent active signals. */
export async function listHoldings(db: Db, page: PageOptions, now = new Date()) {
  const [market, companies, slugs] = await Promise.all([loadBtcPrice(db, now), loadCompanies(db, page), loadSlugIndex(db)]);
  const ids = companies.map((company) => company.id);
  const signals = ids.length
    ? await db.signal.findMany({
        where: { companyId: { in: ids }, detectedAt: { gte: new Date(now.getTime() - activeSignalDays * day) } },
        orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }],
        take: 5 * ids.length,
      })
    : [];
  const signalsOf = new Map<string, ReturnType<typeof signalView>[]>();
  for (const signal of signals) {
    const list = signalsOf.get(signal.companyId!) ?? [];
    if (list.length < 5) list.push(signalView(signal));
    signalsOf.set(signal.companyId!, list);
  }
  return companies.map((company) => ({ ...companyView(company, market.priceUsd, slugs), activeSignals: signalsOf.get(company.id) ?? [] }));
}

export async function listCompanies(db: Db, page: PageOptions & { ids?: string[] }, now = new Date()) {
  const [market, companies, slugs] = await Promise.all([loadBtcPrice(db, now), loadCompanies(db, page), loadSlugIndex(db)]);
  return companies.map((company) => companyView(company, market.priceUsd, slugs));
}

/** One company with its provenance: holdings history, mNAV history, audit trail and signals. */
export async function getCompanyDetail(db: Db, id: string, now = new Date()) {
  const company = await db.company.findUnique({ where: { id }, select: companySelect });
  if (!company) return null;
  const [market, snapshots, changes, signals, stored, insiderTrades, slugs] = await Promise.all([
    loadBtcPrice(db, now),
    db.holdingSnapshot.findMany({ where: { companyId: id, source: { notIn: [...comparisonHoldingSources] } }, orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }] }),
    db.holdingChange.findMany({ where: { companyId: id }, orderBy: { learnedAt: 'desc' }, take: 200 }),
    db.signal.findMany({ where: { companyId: id }, orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }], take: 50 }),
    db.companyMetric.findUnique({ where: { companyId: id }, select: { marketInputs: true, mNavHistory: true } }),
    // The insider timing metric's input window (docs/metrics.md): with none, the score is not measured.
    db.insiderTransaction.count({ where: { companyId: id, transactionDate: { gte: new Date(now.getTime() - 90 * day) } } }),
    loadSlugIndex(db),
  ]);
  const holdingsHistory = snapshots.map((snapshot) => ({
    asOf: snapshot.asOf.toISOString(),
    quantity: snapshot.quantity,
    source: snapshot.source,
    sourceUrl: snapshot.sourceUrl,
    filedAt: snapshot.filedAt?.toISOString() ?? null,
    quarantined: snapshot.quarantined,
    quarantineCheck: snapshot.quarantineCheck,
    quarantineReason: snapshot.quarantineReason,
  }));
  // Point-in-time: each day's market cap (stated, or that day's close × the shares of the latest
  // filing on or before it) against that day's holdings and BTC price (docs/metrics.md).
  const mnavHistory = parseMnavHistory(stored?.mNavHistory).map((point) => ({
    asOf: `${point.date}T00:00:00.000Z`,
    premiumToNav: Math.round(point.mNav * 100) / 100,
    mNav: point.mNav,
    marketCapUsd: point.marketCapUsd,
    navUsd: point.navUsd,
  }));
  const figures = parseMarketInputs(stored?.marketInputs);
  const view = companyView(company, market.priceUsd, slugs);
  return {
    ...view,
    /** Each input of the risk model: measured (dated, sourced), missing, or the default. */
    riskInputs: riskInputsOf(figures, view.metrics),
    holdingsHistory,
    mnavHistory,
    /** Form 4 transactions of the last 90 days behind the insider timing score; 0 means it is not measured. */
    insiderTrades90d: insiderTrades,
    mnavBasis: mnavHistory.length
      ? 'each day: market cap (stated for the day, else close × latest shares on or before it) ÷ (holdings on or before it × that day’s BTC price)'
      : (figures?.mNav.missing[0] ?? 'market capitalisation unknown'),
    /** Every market metric with its value, as-of date, inputs (each dated and sourced) and missing reasons. */
    market: figures,
    changes: changes.map((change) => ({
      id: change.id,
      asset: change.asset,
      oldQuantity: change.oldQuantity,
      newQuantity: change.newQuantity,
      source: change.source,
      sourceUrl: change.sourceUrl,
      filedAt: change.filedAt?.toISOString() ?? null,
      learnedAt: change.learnedAt.toISOString(),
      note: change.note,
    })),
    activeSignals: signals.map(signalView),
  };
}

/** Each source (and document) a holdings history draws on, with its latest reading, newest first. */
export function holdingsSourcesOf(history: readonly { asOf: string; source: string; sourceUrl: string | null }[]) {
  const sources = new Map<string, { name: string; url: string | null; latestAsOf: string }>();
  for (const point of history) {
    const key = `${point.source}\u0000${point.sourceUrl ?? ''}`;
    const seen = sources.get(key);
    if (!seen || point.asOf > seen.latestAsOf) sources.set(key, { name: point.source, url: point.sourceUrl, latestAsOf: point.asOf });
  }
  return [...sources.values()].sort((a, b) => b.latestAsOf.localeCompare(a.latestAsOf));
}

/** The price on or before a date (prices sorted ascending), by binary search. */
function priceLookup(prices: readonly { at: Date; priceUsd: number }[]) {
  return (date: Date): number | null => {
    let low = 0;
    let high = prices.length - 1;
    let found: number | null = null;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (prices[middle]!.at.getTime() <= date.getTime()) {
        found = prices[middle]!.priceUsd;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
}

export async function getHealthDistribution(db: Db) {
  const [metrics, companies] = await Promise.all([db.companyMetric.findMany({ select: { healthGrade: true } }), db.company.count()]);
  // Companies whose metrics are not computed yet count with the default grade.
  const grades = metrics.map((metric) => metric.healthGrade);
  for (let missing = companies - grades.length; missing > 0; missing -= 1) grades.push(metricDefaults.healthGrade);
  return healthDistribution(grades);
}

export async function getSectorAllocation(db: Db) {
  const groups = await db.company.groupBy({ by: ['sector'], where: confirmedCompanyWhere, _sum: { btcHoldings: true }, _count: { _all: true } });
  return sectorAllocation(groups.map((group) => ({ sector: group.sector, btcHoldings: group._sum.btcHoldings ?? 0, count: group._count._all }))).map(({ sector, percentage, count }) => ({ sector, percentage, count }));
}

/**
 * The one total of BTC held (aggregates.ts holdingsTotals) over every tracked company, or over the `top`
 * largest holders: what the dashboard, reports, chat, mails and the API state.
 */
export async function loadHoldingsTotals(db: Db, options: { top?: number; now?: Date } = {}) {
  const [market, companies] = await Promise.all([
    loadBtcPrice(db, options.now),
    db.company.findMany({
      orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }],
      take: options.top,
      select: { name: true, ticker: true, btcHoldings: true, flagged: true, holdingsConfirmed: true },
    }),
  ]);
  return { ...holdingsTotals(companies, market.priceUsd), btcPriceUsd: market.priceUsd, btcPricedAt: market.pricedAt };
}

export async function getDashboardStats(db: Db, now = new Date()) {
  const since = new Date(now.getTime() - activeSignalDays * day);
  const [totals, risk, activeSignals, prePump, highRisk] = await Promise.all([
    loadHoldingsTotals(db, { now }),
    db.companyMetric.aggregate({ _avg: { aiRiskScore: true }, _count: { _all: true } }),
    db.signal.count({ where: { detectedAt: { gte: since } } }),
    db.signal.count({ where: { signalType: 'pre-pump', detectedAt: { gte: since } } }),
    db.companyMetric.count({ where: { aiRiskScore: { gte: 7 } } }),
  ]);
  return {
    totalActiveSignals: activeSignals,
    averageRiskScore: risk._avg.aiRiskScore === null ? metricDefaults.aiRiskScore : Math.round(risk._avg.aiRiskScore * 10) / 10,
    trackedCompanies: totals.considered,
    /** Companies whose confirmed figures the total counts. */
    countedCompanies: totals.counted,
    /** What the totals leave out, named: flagged companies and figures only claimed, with their BTC. */
    excludedFromTotals: totals.excluded,
    prePumpAlerts: prePump,
    totalBitcoinValue: totals.valueUsd ?? 0,
    totalBitcoin: totals.btc,
    highRiskCompanies: highRisk,
    btcPriceUsd: totals.btcPriceUsd,
    btcPricedAt: totals.btcPricedAt?.toISOString() ?? null,
  };
}

/** Total holdings and their value per date: each company's latest reading carried forward. */
export async function getTreasuryTrends(db: Db, options: { days?: number } = {}) {
  const [snapshots, prices] = await Promise.all([
    // The same rule as today's total: no quarantined figure, no company that is flagged or unconfirmed now.
    db.holdingSnapshot.findMany({
      where: { asset: 'BTC', quarantined: false, source: { notIn: [...comparisonHoldingSources] }, company: confirmedCompanyWhere },
      select: { companyId: true, asOf: true, quantity: true },
      orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }],
    }),
    db.marketPrice.findMany({ where: { symbol: 'BTC' }, orderBy: { at: 'asc' }, select: { at: true, priceUsd: true } }),
  ]);
  const priceOn = priceLookup(prices);
  const current = new Map<string, number>();
  let total = 0;
  const points: { date: string; totalBtc: number; totalValueUsd: number | null; companies: number }[] = [];
  let index = 0;
  while (index < snapshots.length) {
    const date = snapshots[index]!.asOf;
    for (; index < snapshots.length && snapshots[index]!.asOf.getTime() === date.getTime(); index += 1) {
      const { companyId, quantity } = snapshots[index]!;
      total += quantity - (current.get(companyId) ?? 0);
      current.set(companyId, quantity);
    }
    const price = priceOn(date);
    const totalBtc = Math.round(total * 10) / 10;
    points.push({ date: isoDay(date), totalBtc, totalValueUsd: price ? Math.round(totalBtc * price) : null, companies: [...current.values()].filter((quantity) => quantity > 0).length });
  }
  if (options.days && points.length) {
    const from = new Date(points.at(-1)!.date).getTime() - options.days * day;
    return points.filter((point) => new Date(point.date).getTime() >= from);
  }
  return points;
}

export async function getMarketData(db: Db, now = new Date()) {
  const [bitcoin, ethereum, history] = await Promise.all([
    latestQuote(db, 'BTC', now),
    latestQuote(db, 'ETH', now),
    db.marketPrice.findMany({ where: { symbol: 'BTC', at: { gte: new Date(now.getTime() - 365 * day), lte: now } }, orderBy: { at: 'asc' }, select: { at: true, priceUsd: true } }),
  ]);
  return { bitcoin, ethereum, history: history.map((point) => ({ date: point.at.toISOString(), price: point.priceUsd })) };
}

export async function listDiscoveries(db: Db, options: { status?: string; limit: number }) {
  const rows = await db.discovery.findMany({
    where: options.status ? { status: options.status } : undefined,
    orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
  });
  return rows.map((row) => ({
    id: row.id,
    companyName: row.companyName,
    ticker: row.ticker,
    status: row.status,
    type: row.type,
    priority: row.priority,
    description: row.description,
    source: row.source,
    sourceUrl: row.sourceUrl,
    detectedAt: row.detectedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    companyId: row.companyId,
  }));
}
