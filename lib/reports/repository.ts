import type { CompanyBtcYields } from '../capital/btc-yield';
import { loadBtcYields } from '../capital/btc-yield';
import type { Db } from '../db';
import type { Company, CompanyMetric } from '../generated/sqlite/client';
import { metricDefaults } from '../treasury/metrics';
import { companyMarketCap } from '../market/market-cap';
import { holdingsTotals, type HoldingsTotals } from '../treasury/aggregates';
import { getTreasuryTrends, loadHoldingsTotals } from '../treasury/repository';
import type { ReportCompany, ReportDiscovery, ReportSignal } from './figures';

// The reads behind the reports: the stored companies, signals, discoveries and data-health flags of a
// period, as the plain rows the report rules (figures.ts) and the PDF builders take.

/** Reports cover the 100 largest holders (spec 001 §2: "Reports mention 100 companies"). */
export const coveredCompanies = 100;
const day = 86_400_000;

export interface ReportData {
  now: Date;
  periodDays: number | null;
  companies: ReportCompany[];
  trackedCompanies: number;
  /** The one total over every tracked company (the dashboard's), and over the covered top holders. */
  totals: HoldingsTotals;
  coveredTotals: HoldingsTotals;
  btcPriceUsd: number | null;
  btcPricedAt: Date | null;
  signals: ReportSignal[];
  discoveries: ReportDiscovery[];
  trends: { date: string; totalBtc: number; totalValueUsd: number | null }[];
  /** Every flagged or unconfirmed company, with the check behind the flag and its reason. */
  flags: { name: string; ticker: string; btcHoldings: number; flagCheck: string | null; flagReason: string | null; holdingsConfirmed: boolean; flagged: boolean }[];
  /** Readings the plausibility checks quarantined, per company, check and reason. */
  quarantines: { companyName: string; check: string; reason: string; count: number; first: Date; last: Date }[];
  /** BTC yield of the covered companies from the KPI service (the company page's and the API's figures). */
  btcYields: Map<string, CompanyBtcYields>;
}

type CompanyWithMetrics = Company & { metrics: CompanyMetric | null };

/** A company row as the reports read it: stored metrics, or the documented defaults when none were computed. */
function toReportCompany(row: CompanyWithMetrics): ReportCompany {
  return {
    id: row.id,
    name: row.name,
    ticker: row.ticker,
    sector: row.sector ?? 'Other',
    btcHoldings: row.btcHoldings,
    avgCostUsd: row.avgCostUsd,
    marketCapUsd: companyMarketCap(row),
    flagged: row.flagged,
    holdingsConfirmed: row.holdingsConfirmed,
    healthGrade: row.metrics?.healthGrade ?? metricDefaults.healthGrade,
    aiRiskScore: row.metrics?.aiRiskScore ?? metricDefaults.aiRiskScore,
    convictionScore: row.metrics?.convictionScore ?? metricDefaults.convictionScore,
    governanceScore: row.metrics?.governanceScore ?? metricDefaults.governanceScore,
    premiumToNav: row.metrics?.premiumToNav ?? null,
  };
}

/** Companies by holdings, largest first (all of them without `take`), each with its row and its report view. */
export async function loadRankedCompanies(db: Db, take?: number): Promise<{ row: CompanyWithMetrics; company: ReportCompany }[]> {
  const rows = await db.company.findMany({ orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }], take, include: { metrics: true } });
  return rows.map((row) => ({ row, company: toReportCompany(row) }));
}

export async function loadReportData(db: Db, periodDays: number | null, now = new Date()): Promise<ReportData> {
  const since = periodDays ? new Date(now.getTime() - periodDays * day) : undefined;
  const [ranked, totals, signals, discoveries, trends, flags, quarantines] = await Promise.all([
    loadRankedCompanies(db, coveredCompanies),
    loadHoldingsTotals(db, { now }),
    db.signal.findMany({ where: { detectedAt: { ...(since ? { gte: since } : {}), lte: now } }, orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }], take: 5000 }),
    db.discovery.findMany({ where: since ? { detectedAt: { gte: since } } : undefined, orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }], take: 500 }),
    getTreasuryTrends(db, { days: periodDays ?? undefined }),
    db.company.findMany({
      where: { OR: [{ flagged: true }, { holdingsConfirmed: false }] },
      orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }],
      select: { name: true, ticker: true, btcHoldings: true, flagCheck: true, flagReason: true, holdingsConfirmed: true, flagged: true },
    }),
    loadQuarantines(db),
  ]);
  const companies = ranked.map((entry) => entry.company);
  const btcYields = await loadBtcYields(db, companies.map((company) => company.id), now);
  return {
    now,
    periodDays,
    trackedCompanies: totals.considered,
    totals,
    coveredTotals: holdingsTotals(companies, totals.btcPriceUsd),
    btcPriceUsd: totals.btcPriceUsd,
    btcPricedAt: totals.btcPricedAt,
    companies,
    signals,
    discoveries,
    trends,
    flags,
    quarantines,
    btcYields,
  };
}

/** Quarantined readings grouped by company, check and reason, with the company's name. */
async function loadQuarantines(db: Db): Promise<ReportData['quarantines']> {
  const groups = await db.holdingSnapshot.groupBy({
    by: ['companyId', 'quarantineCheck', 'quarantineReason'],
    where: { quarantined: true },
    _count: { _all: true },
    _min: { asOf: true },
    _max: { asOf: true },
  });
  const companies = await db.company.findMany({ where: { id: { in: groups.map((group) => group.companyId) } }, select: { id: true, name: true } });
  const names = new Map(companies.map((company) => [company.id, company.name]));
  return groups.map((group) => ({
    companyName: names.get(group.companyId) ?? group.companyId,
    check: group.quarantineCheck ?? 'unknown check',
    reason: group.quarantineReason ?? '',
    count: group._count._all,
    first: group._min.asOf!,
    last: group._max.asOf!,
  }));
}
