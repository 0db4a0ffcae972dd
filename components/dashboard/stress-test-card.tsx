import { Gauge } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DashboardData } from '@/lib/dashboard/repository';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Advanced metrics: stress-test scenarios computed from every company's stored holdings, cost and market cap. */
export function StressTestCard({ stress, averageRiskScore }: { stress: DashboardData['stress']; averageRiskScore: number }) {
  return (
    <Card data-testid="stress-tests">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Gauge className="size-4" aria-hidden="true" /> Advanced Metrics
        </CardTitle>
        <CardDescription>
          Stress-test scenarios{stress ? ` from ${formatMoney(stress.btcPriceUsd)} per BTC across ${stress.companies} companies` : ''}. Average AI risk score{' '}
          {averageRiskScore.toFixed(1)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!stress ? (
          <p className="text-sm text-muted-foreground">No stored BTC price yet: the scenarios need one.</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {stress.results.map((result) => (
              <section key={result.id} className="rounded-md border p-3 text-sm" data-scenario={result.id} aria-labelledby={`scenario-${result.id}`}>
                <h3 id={`scenario-${result.id}`} className={cn('font-semibold', result.change < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400')}>
                  {result.label}
                </h3>
                <p className="text-xs text-muted-foreground">BTC at {formatMoney(result.btcPriceUsd)}</p>
                <dl className="mt-2 flex flex-col gap-1">
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Treasury value</dt>
                    <dd className="font-medium tabular-nums">{formatMoney(result.totalValueUsd)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Change</dt>
                    <dd className="tabular-nums">{`${result.valueChangeUsd >= 0 ? '+' : ''}${formatMoney(result.valueChangeUsd)}`}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Below cost basis</dt>
                    <dd className="tabular-nums">
                      {result.costBasisKnown ? `${result.belowCostBasis} of ${result.costBasisKnown}` : 'no costs disclosed'}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">mNAV below 1</dt>
                    <dd className="tabular-nums">{result.marketCapKnown ? `${result.mnavBelowOne} of ${result.marketCapKnown}` : 'no market caps stored'}</dd>
                  </div>
                </dl>
              </section>
            ))}
          </div>
        )}
        <p className="mt-3 text-xs text-muted-foreground">
          Below cost basis counts companies with a disclosed average cost; mNAV counts companies with a known market cap, held at its stored value.
        </p>
      </CardContent>
    </Card>
  );
}
