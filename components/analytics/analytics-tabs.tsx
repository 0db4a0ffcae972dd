'use client';

import dynamic from 'next/dynamic';
import { TabLoading } from '@/components/shared/tab-loading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

// Each tab and its charts (recharts) load when the tab opens: the first paint is the summary cards and
// the tab list, and a phone does not parse four tabs' charts to show one.
const HealthAnalysisTab = dynamic(() => import('./health-analysis-tab').then((module) => module.HealthAnalysisTab), { ssr: false, loading: TabLoading });
const SectorBreakdownTab = dynamic(() => import('./sector-breakdown-tab').then((module) => module.SectorBreakdownTab), { ssr: false, loading: TabLoading });
const RiskAssessmentTab = dynamic(() => import('./risk-assessment-tab').then((module) => module.RiskAssessmentTab), { ssr: false, loading: TabLoading });
const DiscoveryPipelineTab = dynamic(() => import('./discovery-pipeline-tab').then((module) => module.DiscoveryPipelineTab), { ssr: false, loading: TabLoading });

/** The four tabs of spec 001 §2; health-analysis is the default. */
export function AnalyticsTabs() {
  return (
    <Tabs defaultValue="health-analysis" className="gap-4">
      <TabsList aria-label="Analytics" className="h-auto w-full flex-wrap sm:w-fit">
        <TabsTrigger value="health-analysis">Health Analysis</TabsTrigger>
        <TabsTrigger value="sector-breakdown">Sector Breakdown</TabsTrigger>
        <TabsTrigger value="risk-assessment">Risk Assessment</TabsTrigger>
        <TabsTrigger value="discovery-pipeline">Discovery Pipeline</TabsTrigger>
      </TabsList>
      <TabsContent value="health-analysis">
        <HealthAnalysisTab />
      </TabsContent>
      <TabsContent value="sector-breakdown">
        <SectorBreakdownTab />
      </TabsContent>
      <TabsContent value="risk-assessment">
        <RiskAssessmentTab />
      </TabsContent>
      <TabsContent value="discovery-pipeline">
        <DiscoveryPipelineTab />
      </TabsContent>
    </Tabs>
  );
}
