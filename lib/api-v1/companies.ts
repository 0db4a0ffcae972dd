import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { databaseProvider } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { getCompanyDetail, holdingsSourcesOf, listCompanies, type CompanyView, type MetricsView } from '@/lib/treasury/repository';
import { decodeKeyset, encodeKeyset } from './cursor';
import { newest } from './meta';
import type { companiesQuerySchema, companyDetailSchema, companySchema, metricsSchema } from './schema';
import { toSignal } from './signals';

// Companies of /api/v1: the service functions behind /api/companies, mapped to the versioned schema
// here and nowhere else. A metric the service adds reaches the API by a line in toMetrics (and its
// schema), and its name in `defaults` by a line in metricFieldNames.

type Metrics = z.input<typeof metricsSchema>;
type Company = z.input<typeof companySchema>;

/** The service's metric names → the API's (units in the name). */
const metricFieldNames: Record<string, string> = {
  premiumToNav: 'mnavMultiple',
  bitcoinYield: 'bitcoinYieldPercent',
  volatilityExposure: 'volatilityExposureScore',
};

/** The service's market figure keys → the API's. */
const marketFieldNames: Record<string, string> = {
  mNav: 'mnavMultiple',
  evMNav: 'evMnavMultiple',
  dilutedMNav: 'dilutedMnavMultiple',
  marketCap: 'marketCapUsd',
  shareVolatility: 'shareVolatilityAnnualised',
  leverage: 'leverageRatio',
  btcYield90: 'bitcoinYieldPercent',
};

function toMetrics(metrics: MetricsView): Metrics {
  return {
    healthGrade: metrics.healthGrade as Metrics['healthGrade'],
    aiRiskScore: metrics.aiRiskScore,
    convictionScore: metrics.convictionScore,
    governanceScore: metrics.governanceScore,
    dryPowderScore: metrics.dryPowderScore,
    mnavMultiple: metrics.premiumToNav,
    bitcoinYieldPercent: metrics.bitcoinYield,
    insiderTimingSignal: metrics.insiderTimingSignal,
    volatilityExposureScore: metrics.volatilityExposure,
    mnavAsOf: metrics.mNavAsOf,
    evMnavMultiple: metrics.evMNav,
    dilutedMnavMultiple: metrics.dilutedMNav,
    btcPer1000Shares: metrics.btcPer1000Shares,
    shareVolatilityAnnualised: metrics.shareVolatility,
    leverageRatio: metrics.leverage,
    missingReasons: Object.fromEntries(Object.entries(metrics.missingReasons).map(([name, reason]) => [marketFieldNames[name] ?? name, reason!])),
    missingInputs: [...metrics.missingInputs],
    provisional: metrics.provisional,
    defaults: metrics.defaults.map((name) => metricFieldNames[name] ?? name),
    computedAt: metrics.computedAt,
  };
}

function toCompany(company: CompanyView): Company {
  const holding = company.holdings[0]!;
  return {
    id: company.id,
    name: company.name,
    ticker: company.ticker,
    exchange: company.exchange,
    sector: company.sector,
    country: company.country,
    secCik: company.secCik,
    holdingsBtc: company.btcHoldings,
    holdingsValueUsd: holding.currentValue,
    averageCostUsdPerBtc: holding.averageCostUsd,
    marketCapUsd: company.marketCap,
    marketCapAsOf: company.marketCapAsOf,
    sharesOutstanding: company.sharesOutstanding,
    holdingsSource: { source: holding.source, sourceUrl: holding.sourceUrl, filedAt: holding.filedAt, asOf: holding.asOf },
    metrics: toMetrics(company.metrics),
    flagged: company.flagged,
    flagReason: company.flagReason,
  };
}

export type CompaniesQuery = z.output<typeof companiesQuerySchema>;

/** A page of companies, largest holder first, with a keyset cursor on (holdings, id). */
export async function listV1Companies(db: Db, query: CompaniesQuery) {
  const after = query.cursor ? decodeKeyset(query.cursor) : undefined;
  if (after === null || (after && !Number.isFinite(Number(after.key)))) throw new AppError('validation_failed', 'cursor is not valid; use meta.nextCursor of the previous page', { cursor: ['invalid cursor'] });
  const contains = (value: string) => (databaseProvider() === 'postgresql' ? { contains: value, mode: 'insensitive' as const } : { contains: value });
  const holdings = after ? Number(after.key) : undefined;
  const rows = await db.company.findMany({
    where: {
      ...(query.sector ? { sector: query.sector } : {}),
      ...(query.country ? { country: query.country } : {}),
      ...(query.healthGrade ? { metrics: { is: { healthGrade: query.healthGrade } } } : {}),
      ...(query.q ? { OR: [{ name: contains(query.q) }, { ticker: contains(query.q.toUpperCase()) }] } : {}),
      AND: [
        query.minHoldingsBtc !== undefined ? { btcHoldings: { gte: query.minHoldingsBtc } } : {},
        // Keyset on the service's order (btcHoldings desc, id asc).
        after ? { OR: [{ btcHoldings: { lt: holdings } }, { btcHoldings: holdings, id: { gt: after.id } }] } : {},
      ],
    },
    orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }],
    take: query.limit + 1,
    select: { id: true, btcHoldings: true },
  });
  const page = rows.slice(0, query.limit);
  const companies = page.length ? await listCompanies(db, { limit: page.length, offset: 0, ids: page.map((row) => row.id) }) : [];
  const last = page.at(-1);
  const data = companies.map(toCompany);
  return {
    data,
    meta: {
      asOf: newest(data.map((company) => company.holdingsSource.asOf)),
      sources: [...new Set(data.map((company) => company.holdingsSource.source))].sort(),
      nextCursor: rows.length > query.limit && last ? encodeKeyset(String(last.btcHoldings), last.id) : null,
    },
  };
}

type CompanyDetail = NonNullable<Awaited<ReturnType<typeof getCompanyDetail>>>;

function toCompanyDetail(detail: CompanyDetail): z.input<typeof companyDetailSchema> {
  return {
    ...toCompany(detail),
    holdingsHistory: detail.holdingsHistory.map((point) => ({ asOf: point.asOf, holdingsBtc: point.quantity, source: point.source, sourceUrl: point.sourceUrl, filedAt: point.filedAt })),
    mnavHistory: detail.mnavHistory.map((point) => ({ asOf: point.asOf, mnavMultiple: point.premiumToNav })),
    mnavBasis: detail.mnavBasis,
    auditTrail: detail.changes,
    sources: holdingsSourcesOf(detail.holdingsHistory),
    recentSignals: detail.activeSignals.map(toSignal),
  };
}

/** One company, or a 404. */
export async function getV1Company(db: Db, id: string) {
  const detail = id.length <= 64 ? await getCompanyDetail(db, id) : null;
  if (!detail) throw new AppError('not_found', 'Company not found');
  const data = toCompanyDetail(detail);
  return {
    data,
    meta: {
      asOf: newest([data.holdingsSource.asOf, data.holdingsHistory.at(-1)?.asOf, data.metrics.computedAt]),
      sources: [...new Set([data.holdingsSource.source, ...data.sources.map((source) => source.name)])].sort(),
      nextCursor: null,
    },
  };
}
