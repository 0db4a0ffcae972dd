import { Bitcoin, Gauge, HeartPulse, TrendingUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBtc, formatMoney, riskColorClass } from '@/lib/format';
import type { AnalyticsSummary } from '@/lib/reports/analytics';

/** The four summary cards of the Analytics page, from the stored data. */
export function AnalyticsSummaryCards({ summary }: { summary: AnalyticsSummary }) {
  const cards = [
    {
      key: 'btc',
      label: 'Total BTC Held',
      icon: <Bitcoin />,
      value: formatBtc(Math.round(summary.totalBtc)),
      hint: `${formatMoney(summary.totalValueUsd)} across ${summary.trackedCompanies - summary.excluded.companies} companies; excludes ${summary.excluded.companies} flagged or unconfirmed (${formatBtc(summary.excluded.btc)})`,
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
        <Card key={card.key} data-testid={`analytics-card-${card.key}`}>
          <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{card.label}</CardTitle>
            <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
              {card.icon}
            </span>
          </CardHeader>
          <CardContent>
            <p className={`text-2xl font-bold tabular-nums ${card.valueClass ?? ''}`}>{card.value}</p>
            <p className="mt-1 text-xs text-muted-foreground">{card.hint}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
