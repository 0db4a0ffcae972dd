'use client';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DiscoveryPipelineTab } from './discovery-pipeline-tab';
import { HealthAnalysisTab } from './health-analysis-tab';
import { RiskAssessmentTab } from './risk-assessment-tab';
import { SectorBreakdownTab } from './sector-breakdown-tab';

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
