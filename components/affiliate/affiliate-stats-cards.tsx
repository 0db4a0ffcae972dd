'use client';

import { useQuery } from '@tanstack/react-query';
import { Clock, DollarSign, MousePointerClick, Percent, UserCheck, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRate, formatUsdWithCents } from '@/lib/format';
import { affiliateKeys, fetchAffiliateStats } from '@/lib/affiliate/queries';
import type { AffiliateStats } from '@/lib/affiliate/schema';

const cards: { key: keyof AffiliateStats; label: string; icon: React.ReactNode; format: (value: number) => string; hint: string }[] = [
  { key: 'totalReferrals', label: 'Total Referrals', icon: <Users />, format: String, hint: 'Accounts registered through your links' },
  { key: 'activeReferrals', label: 'Active Referrals', icon: <UserCheck />, format: String, hint: 'Referred accounts on a subscription or trial' },
  { key: 'totalCommissions', label: 'Total Commissions', icon: <DollarSign />, format: formatUsdWithCents, hint: 'Earned to date, paid and pending' },
  { key: 'pendingCommissions', label: 'Pending Commissions', icon: <Clock />, format: formatUsdWithCents, hint: 'Earned, not yet paid out' },
  { key: 'conversionRate', label: 'Conversion Rate', icon: <Percent />, format: formatRate, hint: 'Referrals who made a first payment' },
  { key: 'clickThroughRate', label: 'Click-Through Rate', icon: <MousePointerClick />, format: formatRate, hint: 'Link clicks that became sign-ups' },
];

/** The six figures of the Dashboard tab, from the user's own links. */
export function AffiliateStatsCards() {
  const stats = useQuery({ queryKey: affiliateKeys.stats, queryFn: fetchAffiliateStats });

  if (stats.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/50 p-4 text-sm text-destructive">
        <span>Unable to load your affiliate stats. {stats.error.message}</span>
        <Button variant="outline" size="sm" onClick={() => stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <Card key={card.key} data-testid={`stat-${card.key}`}>
          <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{card.label}</CardTitle>
            <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
              {card.icon}
            </span>
          </CardHeader>
          <CardContent>
            {stats.isPending ? (
              <Skeleton className="h-8 w-20" />
            ) : (
              <p className="text-2xl font-bold tabular-nums">{card.format(stats.data[card.key])}</p>
            )}
            <p className="mt-1 text-xs text-muted-foreground">{card.hint}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
