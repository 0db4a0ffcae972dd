'use client';

import { useQuery } from '@tanstack/react-query';
import { Activity, Building2, Flame, TriangleAlert } from 'lucide-react';
import { StatTile, StatValue } from '@/components/shared/stat-tile';
import type { DashboardStats } from '@/lib/dashboard/repository';
import { dashboardKeys } from '@/lib/dashboard/client';
import { enUsNumber } from '@/lib/en-us';

/** The four stat cards of spec 001 §2, from GET /api/dashboard/stats. */
export function StatCards({ initialStats }: { initialStats: DashboardStats }) {
  const { data: stats } = useQuery<DashboardStats>({ queryKey: dashboardKeys.stats, initialData: initialStats });
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="stat-cards">
      <StatCard icon={<Activity className="size-4" />} label="Active Signals" value={enUsNumber(stats.totalActiveSignals)} detail="Signals detected in the last 30 days" />
      <StatCard
        icon={<TriangleAlert className="size-4" />}
        label="High Risk/Impact"
        value={enUsNumber(stats.highRiskCompanies)}
        detail={`Companies with an AI risk score of 7 or above (average ${stats.averageRiskScore.toFixed(1)})`}
      />
      <StatCard icon={<Building2 className="size-4" />} label="Tracked Companies" value={enUsNumber(stats.trackedCompanies)} detail="Public companies holding bitcoin" />
      <StatCard icon={<Flame className="size-4" />} label="Pre-Pump Alerts" value={enUsNumber(stats.prePumpAlerts)} detail="Pre-pump signals in the last 30 days" />
    </div>
  );
}

function StatCard({ icon, label, value, detail }: { icon: React.ReactNode; label: string; value: string; detail: string }) {
  return (
    <StatTile label={label} icon={icon} hint={detail}>
      <StatValue>{value}</StatValue>
    </StatTile>
  );
}
