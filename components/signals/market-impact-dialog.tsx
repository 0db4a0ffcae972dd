'use client';

import { BarChart3, Bell, Download, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/format';
import { ApiError } from '@/lib/http/api-client';
import { displayCompanyName, signedPercent } from '@/lib/signals/display';
import type { Figure } from '@/lib/signals/market-impact';
import { createAlertRule, fetchMarketImpact, saveBlob } from '@/lib/signals/client';
import type { MarketImpactDto, SignalDto } from '@/lib/signals/schema';

/** Steps shown while the server computes; the bar stops short of 100 % until the answer is in. */
const stages = ['Loading stored price history...', 'Measuring price and volume around the signal...', 'Correlating returns with BTC...', 'Comparing with the sector...'];
const tickMs = 120;
const ceiling = 90;

type Phase = { kind: 'idle' } | { kind: 'running'; progress: number } | { kind: 'done'; result: MarketImpactDto } | { kind: 'failed'; message: string };

function FigureValue<T>({ figure, format }: { figure: Figure<T>; format: (value: T) => string }) {
  if (figure.value === null) {
    return (
      <span className="text-muted-foreground" title={figure.reason}>
        n/a
      </span>
    );
  }
  return <>{format(figure.value)}</>;
}

const usd = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const pct = (value: number) => signedPercent(value);
const plainPct = (value: number) => `${value}%`;

function Tile({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border p-3 text-center" data-testid={`tile-${label}`}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-xl font-bold">{children}</p>
    </div>
  );
}

function Row({ label, figure, children }: { label: string; figure?: Figure<unknown>; children: React.ReactNode }) {
  return (
    <div className="py-1 text-sm">
      <div className="flex justify-between gap-3">
        <span className="text-muted-foreground">{label}</span>
        <span className="text-right font-medium whitespace-nowrap">{children}</span>
      </div>
      {figure?.reason && <p className="text-right text-xs text-muted-foreground">{figure.reason}</p>}
    </div>
  );
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Please try again.';
}

export function MarketImpactDialog({ signal, onClose }: { signal: SignalDto | null; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const signalId = signal?.id;

  useEffect(() => {
    setPhase({ kind: 'idle' });
    return () => clearInterval(timer.current);
  }, [signalId]);

  if (!signal) return <Dialog open={false} />;
  const company = displayCompanyName(signal);

  const start = async () => {
    setPhase({ kind: 'running', progress: 0 });
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      setPhase((current) => (current.kind === 'running' ? { kind: 'running', progress: Math.min(ceiling, current.progress + 5) } : current));
    }, tickMs);
    try {
      const result = await fetchMarketImpact(signal.id);
      clearInterval(timer.current);
      setPhase({ kind: 'running', progress: 100 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      setPhase({ kind: 'done', result });
      const volume = result.priceImpact.volumeIncrease.value;
      toast({
        title: 'Market Analysis Complete',
        description: `Price impact: ${signedPercent(result.priceImpact.percentChange.value)}, Volume increase: ${volume === null ? 'n/a' : `${volume}%`}`,
        duration: 5000,
      });
    } catch (error) {
      clearInterval(timer.current);
      setPhase({ kind: 'failed', message: errorText(error) });
    }
  };

  const setPriceAlerts = async () => {
    try {
      await createAlertRule({ kind: 'price', signalId: signal.id, ...(signal.companyId ? { companyId: signal.companyId } : {}) });
      toast({ title: 'Alert Created', description: 'Price movement alerts configured for this company' });
    } catch (error) {
      toast({ title: 'Alert Not Created', description: errorText(error), variant: 'destructive' });
    }
  };

  const exportAnalysis = (result: MarketImpactDto) => {
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
    saveBlob(blob, `market-analysis-${signal.id}-${Date.now()}.json`);
  };

  const stage = phase.kind === 'running' ? stages[Math.min(stages.length - 1, Math.floor((phase.progress / 100) * stages.length))] : '';

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Market Impact Analysis</DialogTitle>
          <DialogDescription>
            {company} · price, volume and BTC correlation around the signal, from stored market data
          </DialogDescription>
        </DialogHeader>

        {phase.kind === 'idle' && (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">Measure how the market moved around this signal.</p>
            <Button onClick={start}>
              <Play aria-hidden="true" />
              Start Market Analysis
            </Button>
          </div>
        )}

        {phase.kind === 'running' && (
          <div className="space-y-2 py-4" aria-live="polite">
            <div className="flex justify-between text-sm">
              <span>{stage}</span>
              <span data-testid="analysis-progress">{phase.progress}% complete</span>
            </div>
            <Progress value={phase.progress} aria-label="Analysis progress" />
          </div>
        )}

        {phase.kind === 'failed' && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            <span>Market analysis failed. {phase.message}</span>
            <Button variant="outline" size="sm" onClick={start}>
              Try again
            </Button>
          </div>
        )}

        {phase.kind === 'done' && <Results result={phase.result} onExport={() => exportAnalysis(phase.result)} onPriceAlerts={setPriceAlerts} />}

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Results({ result, onExport, onPriceAlerts }: { result: MarketImpactDto; onExport: () => void; onPriceAlerts: () => void }) {
  const { priceImpact, marketComparison, tradingMetrics, predictiveModeling } = result;
  return (
    <div className="space-y-4">
      {result.basisNote && (
        <p className="rounded-md border border-warning/40 bg-warning/10 p-2 text-sm" data-testid="basis-note">
          {result.basisNote}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile label="Price Change">
          <FigureValue figure={priceImpact.percentChange} format={pct} />
        </Tile>
        <Tile label="Volume Increase">
          <FigureValue figure={priceImpact.volumeIncrease} format={plainPct} />
        </Tile>
        <Tile label="BTC Correlation">
          <FigureValue figure={marketComparison.bitcoinCorrelation} format={(value) => value.toFixed(2)} />
        </Tile>
        <Tile label="Confidence">{result.confidence}%</Tile>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Price Movement Analysis</CardTitle>
          </CardHeader>
          <CardContent>
            <Row label="Pre-Announcement Price" figure={priceImpact.preAnnouncementPrice}>
              <FigureValue figure={priceImpact.preAnnouncementPrice} format={usd} />
            </Row>
            <Row label="Current Price" figure={priceImpact.currentPrice}>
              <FigureValue figure={priceImpact.currentPrice} format={usd} />
            </Row>
            <Row label="Net Change" figure={priceImpact.percentChange}>
              <FigureValue figure={priceImpact.percentChange} format={pct} />
            </Row>
            <Row label="Sector Average" figure={marketComparison.sectorAverage}>
              <FigureValue figure={marketComparison.sectorAverage} format={pct} />
            </Row>
            <Row label="Crypto Sector Impact" figure={marketComparison.cryptoSectorImpact}>
              <FigureValue figure={marketComparison.cryptoSectorImpact} format={(value) => `${value >= 0 ? '+' : ''}${formatMoney(value)} BTC holdings value`} />
            </Row>
          </CardContent>
        </Card>
        <div className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>Trading Metrics</CardTitle>
            </CardHeader>
            <CardContent>
              <Row label="Volume Spike" figure={tradingMetrics.volumeSpike}>
                <FigureValue figure={tradingMetrics.volumeSpike} format={(value) => `${value}x`} />
              </Row>
              <Row label="Volatility Index" figure={tradingMetrics.volatilityIndex}>
                <FigureValue figure={tradingMetrics.volatilityIndex} format={(value) => `${value}% annualised`} />
              </Row>
              <Row label="Retail Sentiment" figure={tradingMetrics.retailSentiment}>
                <FigureValue figure={tradingMetrics.retailSentiment} format={(value) => value} />
              </Row>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Predictive Forecast</CardTitle>
            </CardHeader>
            <CardContent>
              <Row label="Short-term Outlook" figure={predictiveModeling.shortTermForecast}>
                <FigureValue figure={predictiveModeling.shortTermForecast} format={(value) => value} />
              </Row>
              <Row label="Confidence Interval" figure={predictiveModeling.confidenceInterval}>
                <FigureValue figure={predictiveModeling.confidenceInterval} format={(value) => `±${value}% (95%, 7 days)`} />
              </Row>
            </CardContent>
          </Card>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Key Price Drivers</CardTitle>
          </CardHeader>
          <CardContent>
            {predictiveModeling.keyDrivers.length ? (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {predictiveModeling.keyDrivers.map((driver) => (
                  <li key={driver}>{driver}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No driver stands out in the stored data.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Risk Factors</CardTitle>
          </CardHeader>
          <CardContent>
            {predictiveModeling.riskFactors.length ? (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {predictiveModeling.riskFactors.map((risk) => (
                  <li key={risk}>{risk}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No risk factor stands out in the stored data.</p>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onExport}>
          <Download aria-hidden="true" />
          Export Analysis Report
        </Button>
        <Button variant="outline" onClick={onPriceAlerts}>
          <Bell aria-hidden="true" />
          Set Price Alerts
        </Button>
      </div>
    </div>
  );
}
