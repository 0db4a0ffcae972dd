import { ChatLauncher } from '@/components/chat/chat-launcher';
import { ConnectionStatusCard } from '@/components/realtime/connection-status-card';
import { RealtimeProvider } from '@/components/realtime/realtime-provider';
import { MfaPrompt } from '@/components/security/mfa-prompt';
import { CardDisclaimer } from '@/components/shared/disclaimer';
import { PageHeader } from '@/components/shell/page-header';
import type { DashboardData, RefreshStatus } from '@/lib/dashboard/repository';
import { DashboardFilterProvider } from './dashboard-filter';
import { DataAgeNotice, type SourceDetail } from './data-age-notice';
import { DashboardSidebar } from './dashboard-sidebar';
import { HealthDistributionCard } from './health-distribution-card';
import { HoldingsTable } from './holdings-table';
import { NewestDiscoveriesCard } from './newest-discoveries-card';
import { RefreshControls } from './refresh-controls';
import { SectorAllocationCard } from './sector-allocation-card';
import { SignalAnalysisPanel } from './signal-analysis-panel';
import { StatCards } from './stat-cards';
import { StressTestCard } from './stress-test-card';
import { SystemHealthMonitor } from './system-health-monitor';
import { TopTreasuriesCard } from './top-treasuries-card';

/**
 * The dashboard of spec 001 §2 on stored data. The server renders the first paint (stats, the
 * holdings table, the cards); client parts poll and follow /ws from there.
 */
export function DashboardView({ data, refresh, sourceDetails }: { data: DashboardData; refresh: RefreshStatus | null; sourceDetails: SourceDetail[] }) {
  const now = new Date(data.now);
  return (
    <RealtimeProvider>
      <DashboardFilterProvider recentChangeIds={data.recentChangeIds}>
        <PageHeader title="Early Discovery Intelligence Dashboard" description="Public companies holding Bitcoin, from their disclosed holdings.">
          <RefreshControls initial={refresh} />
        </PageHeader>
        <MfaPrompt />
        <DataAgeNotice dataAge={data.dataAge} sourceDetails={sourceDetails} />
        <div className="flex gap-6">
          <DashboardSidebar btc={data.btc} initialStats={data.stats} />
          <div className="flex min-w-0 flex-1 flex-col gap-6">
            <StatCards initialStats={data.stats} />
            {/*
              Below the first screen of a phone: the browser styles, lays out and paints these when they
              come near the viewport (content-visibility), not while the page loads. The sizes are the
              placeholders' heights on a phone until then; the browser remembers the real ones afterwards.
            */}
            <div className="grid grid-cols-1 gap-4 [contain-intrinsic-size:auto_980px] [content-visibility:auto] md:grid-cols-2 xl:grid-cols-3">
              <TopTreasuriesCard holdings={data.holdings} />
              <NewestDiscoveriesCard discoveries={data.discoveries} now={now} />
              <div className="md:col-span-2 xl:col-span-1">
                <ConnectionStatusCard />
              </div>
            </div>
            <div className="[contain-intrinsic-size:auto_120px] [content-visibility:auto]">
              <SystemHealthMonitor />
            </div>
            <div className="[contain-intrinsic-size:auto_5600px] [content-visibility:auto]">
              <HoldingsTable initialHoldings={data.holdings} />
            </div>
            {/* Not skipped: its charts measure their container when they mount (recharts reads 0 × 0 from a skipped one). */}
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
              <div className="lg:col-span-2 xl:col-span-1">
                <SignalAnalysisPanel initialHoldings={data.holdings} />
              </div>
              <HealthDistributionCard initialDistribution={data.distribution} />
              <SectorAllocationCard initialSectors={data.sectors} />
            </div>
            <div className="flex flex-col gap-6 [contain-intrinsic-size:auto_900px] [content-visibility:auto]">
              <StressTestCard stress={data.stress} averageRiskScore={data.stats.averageRiskScore} />
              <CardDisclaimer />
            </div>
          </div>
        </div>
        <ChatLauncher />
      </DashboardFilterProvider>
    </RealtimeProvider>
  );
}
