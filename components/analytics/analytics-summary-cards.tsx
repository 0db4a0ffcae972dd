import { Bitcoin, Gauge, HeartPulse, TrendingUp } from 'lucide-react';
import { StatTile, StatValue } from '@/components/shared/stat-tile';
import { formatBtc, formatMoney, riskColorClass } from '@/lib/format';
import type { AnalyticsSummary } from '@/lib/reports/analytics';

/** The four summary cards of the Analytics page, from the stored data. */
export function AnalyticsSummaryCards({ summary }: { summary: AnalyticsSummary }) {
  const cards = [
    {
      key: 'btc',
      label: 'Total BTC Held',
      icon: <Bitcoin />,
      value: formatBtc(summary.totalBtc),
      hint:
        `${formatMoney(summary.totalValueUsd)} across ${summary.countedCompanies} companies (confirmed figures); excludes ${summary.excluded.companies} flagged or unconfirmed (${formatBtc(summary.excluded.btc)})` +
        (summary.excluded.names.length ? `: ${summary.excluded.names.join(', ')}` : ''),
    },
    {
      key: 'risk',
      label: 'Average Risk Score',
      icon: <Gauge />,
      value: summary.averageRiskScore.toFixed(1),
      valueClass: riskColorClass(summary.averageRiskScore),
      hint: `${summary.highRiskCompanies} companies at 7 or above`,
    },
    { key: 'health', label: 'Healthy Treasuries', icon: <HeartPulse />, value: `${summary.shareGradedAB}%`, hint: 'Companies graded A or B' },
    {
      key: 'growth',
      label: 'BTC Added (90 days)',
      icon: <TrendingUp />,
      value: summary.btcAdded90d === null ? '—' : `${summary.btcAdded90d >= 0 ? '+' : ''}${formatBtc(summary.btcAdded90d)}`,
      hint:
        (summary.btcGrowth90dPct === null ? 'Not enough holdings history' : `${summary.btcGrowth90dPct >= 0 ? '+' : ''}${summary.btcGrowth90dPct}% net across tracked companies`) +
        (summary.medianMnav === null ? '' : `; ${summary.premiumCompanies} above / ${summary.discountCompanies} below NAV`),
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <StatTile key={card.key} testId={`analytics-card-${card.key}`} label={card.label} icon={card.icon} hint={card.hint}>
          <StatValue className={card.valueClass}>{card.value}</StatValue>
        </StatTile>
      ))}
    </div>
  );
}
