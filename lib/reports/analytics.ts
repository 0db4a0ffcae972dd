import { loadBtcYields } from '../capital/btc-yield';
import type { Db } from '../db';
import { allocationGuidance, formatBtc, formatMoney, sectorColor } from '../format';
import { PdfDocumentBuilder } from '../pdf/document';
import { isCountedInTotals, nameWithTicker } from '../treasury/aggregates';
import { metricDefaults } from '../treasury/metrics';
import { getDashboardStats, getHealthDistribution, getSectorAllocation, getTreasuryTrends } from '../treasury/repository';
import { yieldCell, yieldColumnHeader, yieldCsvCells, yieldCsvHeader, yieldNote } from './btc-yield';
import { average, gradeDistribution, riskHistogram } from './figures';
import { reportDisclaimer } from './generate';
import { loadRankedCompanies } from './repository';
import { isoDay } from '../dates';
import { csvLine } from '../csv';

// The Analytics page's summary cards and its Export Report (CSV of every company, PDF summary).

export interface AnalyticsSummary {
  /** Confirmed figures only: flagged and unconfirmed companies are left out (`excluded`). */
  totalBtc: number;
  totalValueUsd: number | null;
  trackedCompanies: number;
  countedCompanies: number;
  /** The companies the total leaves out, named ("Name (TICKER)"), largest first. */
  excluded: { companies: number; btc: number; names: string[] };
  averageRiskScore: number;
  highRiskCompanies: number;
  shareGradedAB: number;
  /** Companies with a known mNAV: above 1 trade at a premium to their bitcoin, below at a discount. */
  premiumCompanies: number;
  discountCompanies: number;
  medianMnav: number | null;
  btcPriceUsd: number | null;
  /** Net BTC the tracked companies added over the last 90 days of holdings history, and as a percent. */
  btcAdded90d: number | null;
  btcGrowth90dPct: number | null;
}

export async function getAnalyticsSummary(db: Db, now = new Date()): Promise<AnalyticsSummary> {
  const [stats, health, trends, mnavs] = await Promise.all([
    getDashboardStats(db, now),
    getHealthDistribution(db),
    getTreasuryTrends(db, { days: 90 }),
    db.companyMetric.findMany({ where: { premiumToNav: { not: null } }, select: { premiumToNav: true }, orderBy: { premiumToNav: 'asc' } }),
  ]);
  const values = mnavs.map((row) => row.premiumToNav!);
  const middle = values.length >> 1;
  const first = trends[0];
  const last = trends.at(-1);
  const added = first && last && first !== last ? Math.round((last.totalBtc - first.totalBtc) * 10) / 10 : null;
  return {
    totalBtc: stats.totalBitcoin,
    totalValueUsd: stats.btcPriceUsd ? stats.totalBitcoinValue : null,
    trackedCompanies: stats.trackedCompanies,
    countedCompanies: stats.countedCompanies,
    excluded: { companies: stats.excludedFromTotals.companies, btc: stats.excludedFromTotals.btc, names: stats.excludedFromTotals.list.map(nameWithTicker) },
    averageRiskScore: stats.averageRiskScore,
    highRiskCompanies: stats.highRiskCompanies,
    shareGradedAB: health['A-B'],
    premiumCompanies: values.filter((value) => value > 1).length,
    discountCompanies: values.filter((value) => value < 1).length,
    medianMnav: values.length ? Math.round((values.length % 2 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2) * 100) / 100 : null,
    btcPriceUsd: stats.btcPriceUsd,
    btcAdded90d: added,
    btcGrowth90dPct: added !== null && first!.totalBtc > 0 ? Math.round((added / first!.totalBtc) * 1000) / 10 : null,
  };
}

export async function buildAnalyticsCsv(db: Db, now = new Date()): Promise<string> {
  const [companies, summary] = await Promise.all([loadRankedCompanies(db), getAnalyticsSummary(db, now)]);
  const yields = await loadBtcYields(db, companies.map(({ row }) => row.id), now);
  const header = [
    'rank', 'name', 'ticker', 'exchange', 'sector', 'country', 'btc_holdings', 'btc_value_usd', 'holdings_as_of', 'holdings_source', 'holdings_source_url',
    'health_grade', 'ai_risk_score', 'conviction_score', 'governance_score', 'dry_powder_score', 'mnav', 'insider_timing', 'volatility_exposure', 'flagged', 'metric_defaults', 'counted_in_totals',
    ...yieldCsvHeader,
  ];
  const lines = [csvLine(header)];
  companies.forEach(({ row }, index) => {
    const metrics = row.metrics;
    lines.push(
      csvLine([
        index + 1, row.name, row.ticker, row.exchange, row.sector ?? 'Other', row.country, row.btcHoldings,
        summary.btcPriceUsd ? Math.round(row.btcHoldings * summary.btcPriceUsd) : null, isoDay(row.holdingsAsOf), row.source, row.holdingsSourceUrl,
        metrics?.healthGrade ?? metricDefaults.healthGrade, metrics?.aiRiskScore ?? metricDefaults.aiRiskScore, metrics?.convictionScore ?? metricDefaults.convictionScore,
        metrics?.governanceScore ?? metricDefaults.governanceScore, metrics?.dryPowderScore ?? metricDefaults.dryPowderScore, metrics?.premiumToNav ?? null,
        metrics?.insiderTimingSignal ?? metricDefaults.insiderTimingSignal, metrics?.volatilityExposure ?? metricDefaults.volatilityExposure, row.flagged, metrics?.defaults ?? '', isCountedInTotals(row),
        ...yieldCsvCells(yields.get(row.id)),
      ]),
    );
  });
  return lines.join('');
}

export async function buildAnalyticsPdf(db: Db, now = new Date()): Promise<Uint8Array> {
  const [companies, summary, sectors, trends] = await Promise.all([loadRankedCompanies(db), getAnalyticsSummary(db, now), getSectorAllocation(db), getTreasuryTrends(db)]);
  const list = companies.map((entry) => entry.company);
  const yields = await loadBtcYields(db, list.map((company) => company.id), now);
  const doc = await PdfDocumentBuilder.create({
    title: 'Advanced Treasury Analytics',
    subtitle: 'Health, sector, risk and discovery analytics across tracked companies.',
    meta: [
      ['Generated', `${now.toISOString().replace('T', ' ').slice(0, 16)} UTC`],
      ['Companies', String(summary.trackedCompanies)],
      ['BTC price', summary.btcPriceUsd ? formatMoney(summary.btcPriceUsd) : 'No stored price'],
    ],
    disclaimer: reportDisclaimer,
  });
  doc.heading('Summary');
  doc.keyValues([
    ['Total BTC held (confirmed figures)', `${formatBtc(summary.totalBtc)} from ${summary.countedCompanies} companies`],
    ['Left out of the total', summary.excluded.companies ? `${summary.excluded.companies} flagged or unconfirmed companies, ${formatBtc(summary.excluded.btc)}: ${summary.excluded.names.join(', ')}` : 'None'],
    ['Value at the stored price', formatMoney(summary.totalValueUsd)],
    ['Average risk score', `${summary.averageRiskScore.toFixed(1)} of 10 (${summary.highRiskCompanies} at 7 or above)`],
    ['Graded A-B', `${summary.shareGradedAB}% of companies`],
    ['Premium to NAV', `${summary.premiumCompanies} companies`],
    ['BTC added (90 days)', summary.btcAdded90d === null ? 'n/a' : `${formatBtc(summary.btcAdded90d)} (${summary.btcGrowth90dPct ?? 0}%)`],
    ['Discount to NAV', `${summary.discountCompanies} companies (median mNAV ${summary.medianMnav === null ? 'n/a' : `${summary.medianMnav.toFixed(2)}x`})`],
  ]);
  doc.heading('Health analysis');
  doc.barChart('Companies by health grade', gradeDistribution(list).map((grade) => ({ ...grade, label: `Grade ${grade.label}` })));
  if (trends.length) doc.lineChart('Total BTC held by tracked companies', trends.map((point) => ({ label: point.date, value: point.totalBtc })), (value) => formatBtc(Math.round(value)));
  doc.heading('Sector breakdown');
  doc.pieChart('Share of BTC held by sector', sectors.map((share) => ({ label: share.sector, value: share.percentage, color: sectorColor(share.sector) })), (value) => `${value}%`);
  doc.table(
    [{ header: 'Sector', width: 1.2 }, { header: 'Companies', align: 'right' }, { header: 'Share of BTC', align: 'right' }, { header: 'Optimal allocation', width: 1.3 }],
    sectors.map((share) => [share.sector, String(share.count), `${share.percentage}%`, allocationGuidance[share.sector]?.label ?? '-']),
  );
  doc.heading('Risk assessment');
  doc.barChart('Companies by risk score band', riskHistogram(list.map((company) => company.aiRiskScore)));
  doc.paragraph(`Average risk score ${(average(list.map((company) => company.aiRiskScore)) ?? 0).toFixed(1)}.`);
  doc.heading('Companies');
  doc.table(
    [{ header: '#', width: 0.35, align: 'right' }, { header: 'Company', width: 2.6 }, { header: 'Ticker', width: 0.9 }, { header: 'Holdings', width: 1.4, align: 'right' }, { header: 'Grade', width: 0.6 }, { header: 'Risk', width: 0.6, align: 'right' }, { header: 'mNAV', width: 0.7, align: 'right' }, { header: yieldColumnHeader, width: 1.1, align: 'right' }],
    list.map((company, index) => [String(index + 1), company.name, company.ticker, formatBtc(company.btcHoldings), company.healthGrade, company.aiRiskScore.toFixed(1), company.premiumToNav === null ? 'n/a' : `${company.premiumToNav.toFixed(2)}x`, yieldCell(yields.get(company.id))]),
  );
  doc.paragraph(yieldNote(list, yields), { size: 8 });
  return doc.finish();
}
