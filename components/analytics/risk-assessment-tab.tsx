'use client';

import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { UnknownValue } from '@/components/market/market-figure';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBtc, formatDay, formatMultiple, riskColorClass } from '@/lib/format';
import { riskHistogram } from '@/lib/reports/figures';
import { analyticsKeys, fetchHoldings, type HoldingRow } from '@/lib/analytics/client';
import { axisProps, ChartPanel, tooltipStyle } from './chart-panel';

const bandColors: Record<string, string> = { '7-8.5': '#f59e0b', '8.5-10': '#ef4444' };

export function RiskAssessmentTab() {
  const holdings = useQuery({ queryKey: analyticsKeys.holdings, queryFn: fetchHoldings });
  const highest = [...(holdings.data ?? [])].sort((a, b) => b.metrics.aiRiskScore - a.metrics.aiRiskScore || b.btcHoldings - a.btcHoldings).slice(0, 10);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel testId="chart-risk-histogram" title="Risk Score Distribution" description="Companies by AI risk score band (7 medium, 8.5 high)." query={holdings} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={riskHistogram(data.map((company) => company.metrics.aiRiskScore))}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
              <XAxis dataKey="label" {...axisProps} />
              <YAxis allowDecimals={false} {...axisProps} />
              <Tooltip {...tooltipStyle} formatter={(value) => [value, 'Companies']} cursor={{ fill: 'var(--muted)' }} />
              <Bar dataKey="value" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {riskHistogram([]).map((band) => (
                  <Cell key={band.label} fill={bandColors[band.label] ?? '#10b981'} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartPanel>
      <Card data-testid="highest-risk-list">
        <CardHeader>
          <CardTitle>Highest-Risk Companies</CardTitle>
          <CardDescription>Top 10 by AI risk score.</CardDescription>
        </CardHeader>
        <CardContent>
          {holdings.isPending ? (
            <Skeleton className="h-64 w-full" />
          ) : highest.length === 0 ? (
            <p className="text-sm text-muted-foreground">No companies yet.</p>
          ) : (
            <ol className="divide-y text-sm">
              {highest.map((company) => (
                <li key={company.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="font-medium">{company.name}</span> <span className="text-muted-foreground">{company.ticker}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatBtc(company.btcHoldings)} · grade {company.metrics.healthGrade}
                      {company.metrics.provisional ? ' (provisional)' : ''}
                    </span>
                  </span>
                  <span className={`font-semibold tabular-nums ${riskColorClass(company.metrics.aiRiskScore)}`}>{company.metrics.aiRiskScore.toFixed(1)}</span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <MnavCard holdings={holdings.data} pending={holdings.isPending} />
    </div>
  );
}

/** Every company with a point-in-time mNAV, highest first, each with its date, EV mNAV, leverage and volatility. */
function MnavCard({ holdings, pending }: { holdings: HoldingRow[] | undefined; pending: boolean }) {
  const known = (holdings ?? []).filter((company) => company.metrics.mNav !== null).sort((a, b) => b.metrics.mNav! - a.metrics.mNav!);
  const figure = (value: number | null, show: (value: number) => string, label: string, reason: string | undefined) =>
    value === null ? <UnknownValue label={label} reason={reason ?? 'unknown'} /> : show(value);
  return (
    <Card data-testid="mnav-list" className="lg:col-span-2">
      <CardHeader>
        <CardTitle>mNAV by Company</CardTitle>
        <CardDescription>
          Market cap ÷ (BTC held × BTC price) on the latest day with a price, holdings and a share count; {known.length} of {holdings?.length ?? 0} companies have
          one (the others lack a price, a share count or an FX rate, or a split separates them). Open a company on the dashboard for each input’s date and source.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <Skeleton className="h-32 w-full" />
        ) : known.length === 0 ? (
          <p className="text-sm text-muted-foreground">No company has a price and a share count yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-1 font-medium">Company</th>
                  <th className="py-1 text-right font-medium">mNAV</th>
                  <th className="py-1 text-right font-medium">As of</th>
                  <th className="py-1 text-right font-medium">EV mNAV</th>
                  <th className="py-1 text-right font-medium">Leverage</th>
                  <th className="py-1 text-right font-medium">Volatility (30 d)</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {known.map((company) => (
                  <tr key={company.id}>
                    <td className="py-1">
                      {company.name} <span className="text-muted-foreground">{company.ticker}</span>
                    </td>
                    <td className="py-1 text-right tabular-nums">{formatMultiple(company.metrics.mNav!)}</td>
                    <td className="py-1 text-right text-muted-foreground tabular-nums">{formatDay(company.metrics.mNavAsOf)}</td>
                    <td className="py-1 text-right tabular-nums">
                      {figure(company.metrics.evMNav, formatMultiple, 'EV mNAV', company.metrics.missingReasons.evMNav)}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {figure(company.metrics.leverage, (value) => `${(value * 100).toFixed(0)} %`, 'Leverage', company.metrics.missingReasons.leverage)}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {figure(company.metrics.shareVolatility, (value) => `${(value * 100).toFixed(0)} %`, 'Volatility', company.metrics.missingReasons.shareVolatility)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
