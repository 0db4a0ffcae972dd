'use client';

import { useQuery } from '@tanstack/react-query';
import { Activity, Building2, Flame, TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { DashboardStats } from '@/lib/dashboard/repository';
import { dashboardKeys } from '@/lib/dashboard/client';

/** The four stat cards of spec 001 §2, from GET /api/dashboard/stats. */
export function StatCards({ initialStats }: { initialStats: DashboardStats }) {
  const { data: stats } = useQuery<DashboardStats>({ queryKey: dashboardKeys.stats, initialData: initialStats });
  const number = (value: number) => value.toLocaleString('en-US');
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="stat-cards">
      <StatCard icon={<Activity className="size-4" />} label="Active Signals" value={number(stats.totalActiveSignals)} detail="Signals detected in the last 30 days" />
      <StatCard
        icon={<TriangleAlert className="size-4" />}
        label="High Risk/Impact"
        value={number(stats.highRiskCompanies)}
        detail={`Companies with an AI risk score of 7 or above (average ${stats.averageRiskScore.toFixed(1)})`}
      />
      <StatCard icon={<Building2 className="size-4" />} label="Tracked Companies" value={number(stats.trackedCompanies)} detail="Public companies holding bitcoin" />
      <StatCard icon={<Flame className="size-4" />} label="Pre-Pump Alerts" value={number(stats.prePumpAlerts)} detail="Pre-pump signals in the last 30 days" />
    </div>
  );
}

function StatCard({ icon, label, value, detail }: { icon: React.ReactNode; label: string; value: string; detail: string }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
        <span className="text-muted-foreground" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}
