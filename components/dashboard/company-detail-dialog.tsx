'use client';

import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import Link from 'next/link';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SourceText } from '@/components/company/source-text';
import { ExportButtons } from '@/components/shared/export-buttons';
import { FlagNotice } from '@/components/shared/flag-badge';
import { FormulaPopover } from '@/components/market/formula-popover';
import { UnknownValue } from '@/components/market/market-figure';
import { TextList } from '@/components/shared/text-list';
import { Badge } from '@/components/ui/badge';
import { chartTooltipStyle } from '@/components/ui/chart-tooltip-style';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardStats } from '@/lib/dashboard/repository';
import { dashboardKeys } from '@/lib/dashboard/client';
import { unrealizedGain } from '@/lib/treasury/stress-test';
import { formatBtc, formatDay, formatMoney, formatMultiple, formatPercent, formatRelativeTime, riskColorClass } from '@/lib/format';
import { companyPath } from '@/lib/treasury/company-path';
import { marketFormulas } from '@/lib/treasury/market-formulas';
import type { Figure as MarketFigure } from '@/lib/treasury/market-metrics';
import type { getCompanyDetail } from '@/lib/treasury/repository';
import { cn } from '@/lib/utils';

type CompanyDetail = NonNullable<Awaited<ReturnType<typeof getCompanyDetail>>>;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const btcNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

const metricLabels: Record<string, string> = {
  healthGrade: 'Health grade',
  aiRiskScore: 'AI risk score',
  convictionScore: 'Conviction',
  governanceScore: 'Governance',
  dryPowderScore: 'Dry powder',
  premiumToNav: 'Premium to NAV (mNAV)',
  // Only the latest share count is stored, so the "yield" is holdings growth (docs/metrics.md).
  bitcoinYield: 'Bitcoin yield (90 d)',
  insiderTimingSignal: 'Insider timing',
  volatilityExposure: 'Volatility exposure',
};

/** One company's detail (GET /api/companies/{id}): history charts, cost basis, every figure with its source and date. */
export function CompanyDetailDialog({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const detail = useQuery<CompanyDetail>({ queryKey: dashboardKeys.company(companyId) });
  const stats = useQuery<DashboardStats>({ queryKey: dashboardKeys.stats, enabled: false });
  const company = detail.data;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" data-testid="company-detail">
        <DialogHeader>
          <DialogTitle>{company ? company.name : 'Company detail'}</DialogTitle>
          <DialogDescription>
            {company ? [company.ticker, company.exchange, company.sector, company.country].filter(Boolean).join(' · ') : 'Loading the company’s holdings, history and signals...'}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending && <DetailSkeleton />}
        {detail.isError && (
          <p role="alert" className="text-sm text-destructive">
            {detail.error.message}
          </p>
        )}
        {company && (
          <Link href={companyPath(company.slug)} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline" data-testid="open-company-page">
            Open company page <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
        {company && <DetailBody company={company} btcPricedAt={stats.data?.btcPricedAt ?? null} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function Figure({ label, value, children, className }: { label: string; value: React.ReactNode; children?: React.ReactNode; className?: string }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('mt-1 text-lg font-semibold tabular-nums', className)}>{value}</dd>
      {children && <dd className="mt-1">{children}</dd>}
    </div>
  );
}

function DetailBody({ company, btcPricedAt }: { company: CompanyDetail; btcPricedAt: string | null }) {
  return (
    <div className="flex flex-col gap-5 text-sm">
      <FlagNotice state={company} />
      <HoldingFigures company={company} btcPricedAt={btcPricedAt} />
      <MarketMetricsSection company={company} />
      <HoldingsHistorySection company={company} />
      <MnavHistorySection company={company} />
      <MetricsSection company={company} />
      <RecentList
        id="changes-title"
        title="Recent changes"
        empty="No recorded changes."
        testId="audit-trail"
        items={company.changes.slice(0, 10).map((change) => ({
          key: change.id,
          content: (
            <span className="tabular-nums">
              {change.oldQuantity === null ? 'First reading' : formatBtc(change.oldQuantity)} → {formatBtc(change.newQuantity)}
              {change.note ? <span className="block text-xs text-muted-foreground">{change.note}</span> : null}
            </span>
          ),
          source: <SourceText url={change.sourceUrl} source={change.source} date={change.filedAt ?? change.learnedAt} className="line-clamp-3" />,
        }))}
      />
      <RecentList
        id="company-signals-title"
        title="Recent signals"
        empty="No signals for this company."
        align="start"
        items={company.activeSignals.slice(0, 10).map((signal) => ({
          key: signal.id,
          content: (
            <span className="min-w-0 flex-1">
              <Badge variant={signal.severity === 'critical' || signal.severity === 'high' ? 'destructive' : 'secondary'} className="mr-2">
                {signal.severity}
              </Badge>
              {signal.description}
            </span>
          ),
          source: <SourceText url={signal.metadata.filingUrl} source={signal.source} date={signal.detectedAt} className="line-clamp-3" />,
        }))}
      />
    </div>
  );
}

/** Bitcoin held, its value, the cost basis and the unrealized gain, each with its source and date. */
function HoldingFigures({ company, btcPricedAt }: { company: CompanyDetail; btcPricedAt: string | null }) {
  const holding = company.holdings[0]!;
  const btcPrice = holding.currentValue !== null && company.btcHoldings > 0 ? holding.currentValue / company.btcHoldings : null;
  const gain = unrealizedGain(company.btcHoldings, holding.averageCostUsd, btcPrice);
  const holdingsSource = holding.sourceUrl ? 'Filing' : holding.source;
  const holdingsAsOf = `holdings as of ${formatDay(holding.asOf)}`;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Figure label="Bitcoin held" value={formatBtc(company.btcHoldings)}>
        <span className="block text-xs text-muted-foreground" data-testid="holdings-as-of">
          As of {formatDay(holding.asOf)}
        </span>
        <SourceText url={holding.sourceUrl} source={holding.filedAt ? `${holdingsSource}, filed` : holdingsSource} date={holding.filedAt} className="line-clamp-3" />
      </Figure>
      <Figure label="Current value" value={formatMoney(holding.currentValue)}>
        <SourceText url={null} source={btcPrice ? `at ${formatMoney(btcPrice)} per BTC (stored market price)` : 'no stored BTC price'} date={btcPricedAt} className="line-clamp-3" />
      </Figure>
      <Figure label="Cost basis" value={gain ? formatMoney(gain.costBasis) : '—'}>
        <span className="block text-xs break-words text-muted-foreground" data-testid="avg-cost-date">
          {holding.averageCostUsd
            ? `${formatMoney(holding.averageCostUsd)} average per BTC: ${company.avgCostNote ?? 'date of the average cost not recorded'}`
            : 'average cost not disclosed'}
        </span>
      </Figure>
      <Figure
        label="Unrealized gain"
        value={gain ? `${formatMoney(gain.gain)}${gain.gainPercent === null ? '' : ` (${formatPercent(gain.gainPercent)})`}` : '—'}
        className={gain ? (gain.gain >= 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400') : undefined}
      >
        <span className="text-xs text-muted-foreground">
          Average cost (dated above) × {holdingsAsOf}, against the BTC price of {formatDay(btcPricedAt)}
          {gain ? '; the dates differ, so this is an estimate' : ''}
        </span>
      </Figure>
    </dl>
  );
}

function HoldingsHistorySection({ company }: { company: CompanyDetail }) {
  const holding = company.holdings[0]!;
  // Quarantined readings stay out of the line (they are listed below it with the check that caught them).
  const history = company.holdingsHistory.filter((point) => !point.quarantined).map((point) => ({ date: point.asOf.slice(0, 10), btc: point.quantity }));
  const quarantined = company.holdingsHistory.filter((point) => point.quarantined);
  const quarantineReasons = [...new Set(quarantined.map((point) => `${point.quarantineCheck ?? 'check'}: ${point.quarantineReason ?? ''}`))];
  return (
    <section aria-labelledby="holdings-history-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="holdings-history-title" className="font-medium">
          Holdings history
        </h3>
        <ExportButtons href={`/api/v1/companies/${encodeURIComponent(company.id)}/holdings-history`} label="the holdings history" testId="holdings-history-export" />
      </div>
      {history.length > 1 ? (
        <div className="h-48 w-full" data-testid="holdings-history-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={history} margin={{ top: 5, right: 10, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="date" tickFormatter={(value: string) => shortDate.format(new Date(value))} minTickGap={40} fontSize={11} />
              <YAxis width={70} fontSize={11} domain={['auto', 'auto']} tickFormatter={(value: number) => value.toLocaleString('en-US')} />
              <Tooltip {...chartTooltipStyle} formatter={(value) => [formatBtc(Number(value)), 'BTC']} />
              <Line type="stepAfter" dataKey="btc" stroke="#f59e0b" dot={false} strokeWidth={2} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="text-muted-foreground">Only one reading stored so far ({formatBtc(company.btcHoldings)} on {formatDay(holding.asOf)}).</p>
      )}
      {quarantined.length > 0 && (
        <div className="mt-2 text-xs text-muted-foreground" data-testid="quarantined-readings">
          <p className="font-medium text-foreground">
            {quarantined.length} reading{quarantined.length === 1 ? '' : 's'} quarantined ({formatDay(quarantined[0]!.asOf)} – {formatDay(quarantined.at(-1)!.asOf)}), left out of the chart, totals and signals:
          </p>
          <TextList items={quarantineReasons} className="list-disc pl-5 break-words" />
        </div>
      )}
    </section>
  );
}

function MnavHistorySection({ company }: { company: CompanyDetail }) {
  const mnav = company.mnavHistory.map((point) => ({ date: point.asOf.slice(0, 10), mnav: point.mNav }));
  return (
    <section aria-labelledby="mnav-history-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="mnav-history-title" className="font-medium">
          mNAV history
        </h3>
        {mnav.length > 0 && <ExportButtons href={`/api/v1/companies/${encodeURIComponent(company.id)}/mnav-history`} label="the mNAV history" testId="mnav-history-export" />}
      </div>
      {mnav.length > 1 ? (
        <>
          <div className="h-40 w-full text-muted-foreground" data-testid="mnav-history-chart" role="img" aria-label={`mNAV from ${formatDay(mnav[0]!.date)} (${formatMultiple(mnav[0]!.mnav)}) to ${formatDay(mnav.at(-1)!.date)} (${formatMultiple(mnav.at(-1)!.mnav)}), ${mnav.length} trading days`}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={mnav} margin={{ top: 5, right: 10, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="date" tickFormatter={(value: string) => shortDate.format(new Date(value))} minTickGap={40} fontSize={11} tick={{ fill: 'currentColor' }} stroke="currentColor" />
                <YAxis width={50} fontSize={11} tick={{ fill: 'currentColor' }} stroke="currentColor" domain={['auto', 'auto']} tickFormatter={(value: number) => `${value.toFixed(1)}×`} />
                <Tooltip {...chartTooltipStyle} formatter={(value) => [formatMultiple(Number(value)), 'mNAV']} labelFormatter={(label) => formatDay(String(label))} />
                <Line type="monotone" dataKey="mnav" stroke="#3b82f6" dot={false} strokeWidth={2} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <p className="mt-1 text-xs text-muted-foreground">Basis: {company.mnavBasis}.</p>
        </>
      ) : (
        <p className="text-muted-foreground">Not available: {company.mnavBasis}.</p>
      )}
    </section>
  );
}

function MetricsSection({ company }: { company: CompanyDetail }) {
  const defaults = new Set<string>(company.metrics.defaults);
  return (
    <section aria-labelledby="metrics-title">
      <h3 id="metrics-title" className="mb-2 font-medium">
        Metrics
      </h3>
      <dl className="grid gap-2 sm:grid-cols-3">
        {Object.entries(metricLabels).map(([key, label]) => {
          const value = company.metrics[key as keyof typeof company.metrics];
          const unmeasured = key === 'insiderTimingSignal' && company.insiderTrades90d === 0;
          const shown = unmeasured
            ? 'no insider data'
            : typeof value === 'number'
              ? key === 'bitcoinYield'
                ? formatPercent(value)
                : value.toFixed(key === 'premiumToNav' ? 2 : 1)
              : typeof value === 'string'
                ? value
                : '—';
          const provisional = key === 'healthGrade' && company.metrics.provisional;
          return (
            <div key={key} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={cn('font-medium tabular-nums', key === 'aiRiskScore' && typeof value === 'number' && riskColorClass(value))}>
                {shown}
                {key === 'volatilityExposure' && company.metrics.exposureBasis && (
                  <Badge variant="secondary" className="ml-1" title={company.riskInputs.find((input) => input.name === 'Volatility exposure')?.note}>
                    measured
                  </Badge>
                )}
                {defaults.has(key) && !unmeasured && (
                  <Badge variant="outline" className="ml-1" title="No data for this metric yet: the documented default is shown">
                    default
                  </Badge>
                )}
                {provisional && (
                  <Badge variant="outline" className="ml-1" title={`Rests mostly on missing inputs: ${company.metrics.missingInputs.join(', ')}`} data-testid="provisional-badge">
                    provisional
                  </Badge>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">
        Computed {company.metrics.computedAt ? formatRelativeTime(company.metrics.computedAt) : 'not yet'}.
        {company.metrics.missingInputs.length > 0 && ` Risk and health leave out unknown inputs (counted as 0, not as a default): ${company.metrics.missingInputs.join(', ')}.`}
      </p>
      <RiskInputs inputs={company.riskInputs} />
    </section>
  );
}

const riskInputBadges = { measured: 'measured', missing: 'missing', default: 'default' } as const;

/** The risk model's inputs: each measured with its date and source, missing, or the default. */
function RiskInputs({ inputs }: { inputs: CompanyDetail['riskInputs'] }) {
  return (
    <div className="mt-3">
      <h4 className="mb-1 text-sm font-medium">Risk model inputs</h4>
      <ul className="grid gap-1 text-xs sm:grid-cols-2" data-testid="risk-inputs">
        {inputs.map((input) => (
          <li key={input.name} className="flex flex-wrap items-baseline gap-x-1 rounded-md border px-2 py-1" data-testid="risk-input" data-status={input.status}>
            <span className="font-medium">{input.name}</span>
            <Badge variant={input.status === 'measured' ? 'secondary' : 'outline'}>{riskInputBadges[input.status]}</Badge>
            <span className="basis-full break-words text-muted-foreground">
              {input.note}
              {input.asOf && `, as of ${formatDay(input.asOf)}`}
              {input.source && ` (${input.source})`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A titled list of up to ten recent items, each with its source link; a sentence when there are none. */
function RecentList({
  id,
  title,
  empty,
  items,
  testId,
  align = 'center',
}: {
  id: string;
  title: string;
  empty: string;
  items: { key: string; content: React.ReactNode; source: React.ReactNode }[];
  testId?: string;
  align?: 'center' | 'start';
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-medium">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" data-testid={testId}>
          {items.map((item) => (
            <li key={item.key} className={cn('flex flex-wrap justify-between gap-2 px-3 py-2', align === 'start' ? 'items-start' : 'items-center')}>
              {item.content}
              {item.source}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type MarketKey = 'mNav' | 'premium' | 'evMNav' | 'dilutedMNav' | 'marketCap' | 'btcPer1000Shares' | 'btcYield30' | 'btcYield90' | 'btcYield365' | 'shareVolatility' | 'btcBeta' | 'leverage';

const marketRows: { key: MarketKey; label: string; formula: string; show: (value: number) => string }[] = [
  { key: 'mNav', label: 'mNAV (basic)', formula: marketFormulas.mNav, show: formatMultiple },
  { key: 'premium', label: 'Premium to NAV', formula: marketFormulas.mNav, show: (value) => formatPercent(value * 100) },
  { key: 'evMNav', label: 'EV mNAV', formula: marketFormulas.evMNav, show: formatMultiple },
  { key: 'dilutedMNav', label: 'Diluted mNAV', formula: marketFormulas.dilutedMNav, show: formatMultiple },
  { key: 'marketCap', label: 'Market cap', formula: marketFormulas.marketCap, show: (value) => formatMoney(value) },
  { key: 'btcPer1000Shares', label: 'BTC per 1,000 shares', formula: marketFormulas.btcPer1000Shares, show: (value) => btcNumber.format(value) },
  { key: 'btcYield30', label: 'BTC yield (30 d)', formula: marketFormulas.btcYield, show: (value) => formatPercent(value) },
  { key: 'btcYield90', label: 'BTC yield (90 d)', formula: marketFormulas.btcYield, show: (value) => formatPercent(value) },
  { key: 'btcYield365', label: 'BTC yield (365 d)', formula: marketFormulas.btcYield, show: (value) => formatPercent(value) },
  { key: 'shareVolatility', label: 'Share volatility (30 d, annualised)', formula: marketFormulas.shareVolatility, show: (value) => formatPercent(value * 100, 0) },
  { key: 'btcBeta', label: 'BTC beta (90 d)', formula: marketFormulas.btcBeta, show: (value) => value.toFixed(2) },
  { key: 'leverage', label: 'Leverage (debt ÷ BTC NAV)', formula: marketFormulas.leverage, show: (value) => formatPercent(value * 100, 1) },
];

/** mNAV, market cap, BTC per share, yield, volatility and leverage: each with its date, its formula and inputs one click away, or "—" with the reason. */
function MarketMetricsSection({ company }: { company: CompanyDetail }) {
  const figures = company.market;
  return (
    <section aria-labelledby="market-metrics-title">
      <h3 id="market-metrics-title" className="mb-2 font-medium">
        Market metrics {figures?.asOf ? <span className="text-xs font-normal text-muted-foreground">· mNAV as of {formatDay(figures.asOf)}</span> : null}
      </h3>
      <dl className="grid gap-2 sm:grid-cols-2" data-testid="market-metrics">
        {marketRows.map(({ key, label, formula, show }) => {
          const figure: MarketFigure | undefined = figures?.[key];
          return (
            <div key={key} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1" data-testid={`market-${key}`}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="flex items-center gap-1 text-right font-medium tabular-nums">
                {figure && figure.value !== null ? (
                  <span>
                    <span data-testid="market-value">{show(figure.value)}</span>
                    <span className="block text-xs font-normal text-muted-foreground" data-testid="market-as-of">
                      {formatDay(figure.asOf)}
                    </span>
                  </span>
                ) : (
                  <UnknownValue label={label} reason={figure?.missing[0] ?? 'market metrics not computed yet'} />
                )}
                <FormulaPopover label={label} formula={formula} figure={figure} />
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
