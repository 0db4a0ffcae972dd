'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Building2, Download, ExternalLink, FileText, Star, TrendingUp } from 'lucide-react';
import { FlagNotice } from '@/components/shared/flag-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { formatRelativeTime } from '@/lib/format';
import { capitalize, displayCompanyName, severityColorClass, sourceColorClass } from '@/lib/signals/display';
import { addToWatchlist, createAlertRule, fetchSignalDetail, fetchSignalReport, signalKeys } from '@/lib/signals/client';
import { errorText } from '@/lib/http/api-client';
import { saveBlob } from '@/lib/http/save-file';
import type { SignalDetailDto, SignalDto } from '@/lib/signals/schema';
import type { PumpCheck, TrackRecord } from '@/lib/signals/track-record';
import { cn } from '@/lib/utils';

export type InvestigationView = 'sec' | 'market' | 'company';

// The track record (accuracy, false positives, lead time) and the pump check are computed from stored
// history by the server (docs/metrics.md, "Signal track record"); the similar and same-sector counts
// from stored signals. The action window is the spec's stated guidance (001 §9), not a measurement.
const actionWindow = '24-48 hours';

const notEnough = (record: TrackRecord) => `not enough history yet (${record.resolved} signal${record.resolved === 1 ? '' : 's'})`;

function PumpCheckLine({ check }: { check: PumpCheck | undefined }) {
  if (!check) return <p>Pump-check filter: …</p>;
  if (check.status === 'no-price-history') return <p data-testid="pump-check">Pump-check filter: no price history. {check.reason}</p>;
  const span = `${check.from.date} to ${check.to.date}`;
  return (
    <p data-testid="pump-check">
      Pump-check filter: {check.status === 'pump' ? 'flagged' : 'passed'}: largest rise in the {check.tradingDays} trading days before the signal{' '}
      {check.risePct.toFixed(1)}% ({span}; 10% or more is a pump).
    </p>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

export function InvestigationDialog({
  signal,
  onClose,
  onOpenView,
}: {
  signal: SignalDto | null;
  onClose: () => void;
  onOpenView: (view: InvestigationView, signal: SignalDto) => void;
}) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: signalKeys.detail(signal?.id ?? ''), queryFn: () => fetchSignalDetail(signal!.id), enabled: Boolean(signal) });

  if (!signal) return <Dialog open={false} />;
  const company = displayCompanyName(signal);

  const setAlerts = async () => {
    toast({ title: 'Alert System', description: `Configuring signal notifications for ${company}...` });
    try {
      await Promise.all([createAlertRule({ kind: 'signal', signalId: signal.id, ...(signal.companyId ? { companyId: signal.companyId } : {}) }), wait(1000)]);
      toast({ title: 'Alerts Configured', description: `You will be notified of new signals for ${company}.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Alert Setup Failed', description: errorText(error), variant: 'destructive' });
    }
  };

  const watch = async () => {
    try {
      await addToWatchlist(signal.id);
      toast({ title: 'Added to Watchlist', description: `${company} has been added to your watchlist.` });
      void queryClient.invalidateQueries({ queryKey: signalKeys.detail(signal.id) });
      await wait(1000);
      toast({ title: 'Watchlist Updated', description: 'You will receive updates on this signal.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Watchlist Update Failed', description: errorText(error), variant: 'destructive' });
    }
  };

  const exportReport = async () => {
    toast({ title: 'Generating Report', description: 'Compiling the investigation report...' });
    try {
      const [blob] = await Promise.all([fetchSignalReport(signal.id), wait(2000)]);
      toast({ title: 'Report Ready', description: 'Your investigation report is downloading.', variant: 'success' });
      saveBlob(blob, `signal-investigation-${signal.id}-${Date.now()}.pdf`);
    } catch (error) {
      toast({ title: 'Report Failed', description: errorText(error), variant: 'destructive' });
    }
  };

  const comingSoon = () => toast({ title: 'Feature Coming Soon', description: 'This action is being finalized and will be available shortly.' });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Signal Investigation</DialogTitle>
          <DialogDescription>{company} · detailed analysis and investigation tools</DialogDescription>
        </DialogHeader>

        <SignalDetails signal={signal} />

        <InvestigationActions onOpen={(view) => onOpenView(view, signal)} onSetAlerts={setAlerts} />

        <IntelligenceAnalysis signal={signal} detail={detail.data} onShare={comingSoon} />

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close Investigation
          </Button>
          <Button variant="outline" onClick={watch}>
            <Star aria-hidden="true" />
            Add to Watchlist
          </Button>
          <Button onClick={exportReport}>
            <Download aria-hidden="true" />
            Export Report
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SignalDetails({ signal }: { signal: SignalDto }) {
  return (
    <section aria-labelledby="signal-details" className="space-y-3 rounded-lg border p-4">
      <h3 id="signal-details" className="font-semibold">
        Signal Details
      </h3>
      <p className="text-sm">{signal.description}</p>
      {signal.companyFlag && <FlagNotice state={signal.companyFlag} />}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Detail label="Severity">
          <Badge variant="outline" className={severityColorClass(signal.severity)}>
            {capitalize(signal.severity)}
          </Badge>
        </Detail>
        <Detail label="Confidence">{signal.confidence}%</Detail>
        <Detail label="Source">
          <span className={sourceColorClass(signal.source)}>{signal.source}</span>
        </Detail>
        <Detail label="Detected">
          <time dateTime={signal.detectedAt} title={new Date(signal.detectedAt).toUTCString()}>
            {formatRelativeTime(signal.detectedAt)}
          </time>
        </Detail>
      </dl>
    </section>
  );
}

const investigationActions: { view: InvestigationView; label: string; icon: React.ReactNode }[] = [
  { view: 'sec', label: 'View SEC Filing Source', icon: <FileText aria-hidden="true" /> },
  { view: 'market', label: 'Analyze Market Impact', icon: <TrendingUp aria-hidden="true" /> },
  { view: 'company', label: 'Research Company Background', icon: <Building2 aria-hidden="true" /> },
];

function InvestigationActions({ onOpen, onSetAlerts }: { onOpen: (view: InvestigationView) => void; onSetAlerts: () => void }) {
  return (
    <section aria-labelledby="investigation-actions" className="space-y-3">
      <h3 id="investigation-actions" className="font-semibold">
        Investigation Actions
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {investigationActions.map(({ view, label, icon }) => (
          <Button key={view} variant="outline" className="justify-start" onClick={() => onOpen(view)}>
            {icon}
            {label}
          </Button>
        ))}
        <Button variant="outline" className="justify-start" onClick={onSetAlerts}>
          <Bell aria-hidden="true" />
          Set Alert Notifications
        </Button>
      </div>
    </section>
  );
}

/** The track record, timing and correlations the server measured for this signal's source and type. */
function IntelligenceAnalysis({ signal, detail, onShare }: { signal: SignalDto; detail: SignalDetailDto | undefined; onShare: () => void }) {
  const intelligence = detail?.intelligence;
  const record = detail?.trackRecord;
  const basis = record
    ? `${record.followed} of ${record.resolved} past signals of this source and type were followed by a holdings increase of their company within ${record.windowDays} days`
    : null;
  return (
    <section aria-labelledby="intelligence-analysis" className="space-y-3">
      <h3 id="intelligence-analysis" className="font-semibold">
        Intelligence Analysis
      </h3>
      <Tabs defaultValue="source">
        <TabsList>
          <TabsTrigger value="source">Source Analysis</TabsTrigger>
          <TabsTrigger value="timing">Timing Analysis</TabsTrigger>
          <TabsTrigger value="correlations">Correlations</TabsTrigger>
          <TabsTrigger value="actions">Actions</TabsTrigger>
        </TabsList>
        <TabsContent value="source" className="space-y-2 pt-2 text-sm">
          <p>
            Source: <span className={cn('font-medium', sourceColorClass(signal.source))}>{signal.source}</span>
          </p>
          <p data-testid="source-accuracy">
            Historical accuracy: {record ? (record.accuracyPct === null ? notEnough(record) : `${record.accuracyPct.toFixed(1)}%`) : '…'}
          </p>
          <p data-testid="false-positive-rate">
            False positive rate: {record ? (record.falsePositivePct === null ? notEnough(record) : `${record.falsePositivePct.toFixed(1)}%`) : '…'}
          </p>
          {basis && record?.accuracyPct !== null && <p className="text-xs text-muted-foreground">{basis}.</p>}
          <PumpCheckLine check={detail?.pumpCheck} />
        </TabsContent>
        <TabsContent value="timing" className="space-y-2 pt-2 text-sm">
          <p>Detected: {new Date(signal.detectedAt).toUTCString()}</p>
          <p data-testid="lead-time">
            Average lead time:{' '}
            {record
              ? record.accuracyPct === null
                ? notEnough(record)
                : record.leadTimeDays === null
                  ? 'none followed yet'
                  : `${record.leadTimeDays.toFixed(1)} days (from signal to the first holdings increase after it)`
              : '…'}
          </p>
          <p>Estimated action window: {actionWindow} (guidance, not measured)</p>
        </TabsContent>
        <TabsContent value="correlations" className="space-y-2 pt-2 text-sm">
          <p data-testid="similar-signals">Similar signals: {intelligence ? intelligence.similarSignals : '…'} in the past 30 days</p>
          <p data-testid="same-sector-signals">
            Same sector: {intelligence ? intelligence.sameSectorSignals : '…'} in the past 30 days
            {detail?.company ? ` (${detail.company.sector})` : ''}
          </p>
          <p className="text-xs text-muted-foreground">Counted over the 30 days up to this signal’s detection.</p>
        </TabsContent>
        <TabsContent value="actions" className="space-y-2 pt-2 text-sm">
          <ul className="list-disc space-y-1 pl-5">
            <li>Read the source filing and confirm the figures.</li>
            <li>Check the market impact against BTC.</li>
            <li>Set alerts for follow-up filings from this company.</li>
          </ul>
          <Button variant="outline" size="sm" onClick={onShare}>
            <ExternalLink aria-hidden="true" />
            Share with Team
          </Button>
        </TabsContent>
      </Tabs>
    </section>
  );
}
