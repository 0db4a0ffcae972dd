import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { dashboardPlans, resourcesPlans } from '@/lib/affiliate/program';
import { AffiliateLinkList } from './affiliate-link-list';
import { AffiliateStatsCards } from './affiliate-stats-cards';
import { CommissionRates } from './commission-rates';
import { CreateLinkForm } from './create-link-form';
import { InfluencerTrialCard } from './influencer-trial-card';
import { MarketingGuidelines } from './marketing-guidelines';

/** The four tabs of the Affiliate Program page (spec 000 §2). */
export function AffiliateTabs() {
  return (
    <Tabs defaultValue="dashboard" className="gap-6">
      <TabsList aria-label="Affiliate program" className="w-full sm:w-fit">
        <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
        <TabsTrigger value="links">Affiliate Links</TabsTrigger>
        <TabsTrigger value="influencer">Influencer Program</TabsTrigger>
        <TabsTrigger value="resources">Resources</TabsTrigger>
      </TabsList>
      <TabsContent value="dashboard" className="space-y-6">
        <AffiliateStatsCards />
        <CommissionRates title="Commission Structure" plans={dashboardPlans} />
      </TabsContent>
      <TabsContent value="links" className="space-y-6">
        <CreateLinkForm />
        <AffiliateLinkList />
      </TabsContent>
      <TabsContent value="influencer">
        <InfluencerTrialCard />
      </TabsContent>
      <TabsContent value="resources" className="space-y-6">
        <MarketingGuidelines />
        <CommissionRates title="Commission Rates" plans={resourcesPlans} />
      </TabsContent>
    </Tabs>
  );
}
