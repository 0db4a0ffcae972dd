'use client';

import { BarChart3, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { formatSignedPercent } from '@/lib/format';
import { displayCompanyName } from '@/lib/signals/display';
import { createAlertRule, fetchMarketImpact } from '@/lib/signals/client';
import { errorText } from '@/lib/http/api-client';
import { saveBlob } from '@/lib/http/save-file';
import type { MarketImpactDto, SignalDto } from '@/lib/signals/schema';
import { MarketImpactResults } from './market-impact-results';
import { SignalViewDialog } from './signal-view-dialog';

/** Steps shown while the server computes; the bar stops short of 100 % until the answer is in. */
const stages = ['Loading stored price history...', 'Measuring price and volume around the signal...', 'Correlating returns with BTC...', 'Comparing with the sector...'];
const tickMs = 120;
const ceiling = 90;

type Phase = { kind: 'idle' } | { kind: 'running'; progress: number } | { kind: 'done'; result: MarketImpactDto } | { kind: 'failed'; message: string };

export function MarketImpactDialog({ signal, onClose }: { signal: SignalDto | null; onClose: () => void }) {
  if (!signal) return <Dialog open={false} />;
  // Keyed by the signal: another signal starts from a fresh, idle analysis.
  return <MarketImpactAnalysis key={signal.id} signal={signal} onClose={onClose} />;
}

function MarketImpactAnalysis({ signal, onClose }: { signal: SignalDto; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
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
        description: `Price impact: ${formatSignedPercent(result.priceImpact.percentChange.value)}, Volume increase: ${volume === null ? 'n/a' : `${volume}%`}`,
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
    <SignalViewDialog open wide title="Market Impact Analysis" description={`${company} · price, volume and BTC correlation around the signal, from stored market data`} onClose={onClose}>

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

        {phase.kind === 'done' && <MarketImpactResults result={phase.result} onExport={() => exportAnalysis(phase.result)} onPriceAlerts={setPriceAlerts} />}

    </SignalViewDialog>
  );
}
