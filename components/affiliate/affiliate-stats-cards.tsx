'use client';

import { useQuery } from '@tanstack/react-query';
import { Clock, DollarSign, MousePointerClick, Percent, UserCheck, Users } from 'lucide-react';
import { LoadError } from '@/components/shared/load-error';
import { StatTile, StatValue } from '@/components/shared/stat-tile';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRate, formatUsdWithCents } from '@/lib/format';
import { affiliateKeys, fetchAffiliateStats } from '@/lib/affiliate/client';
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
      <LoadError what="your affiliate stats" error={stats.error} onRetry={() => stats.refetch()} className="rounded-lg border border-destructive/50 p-4" />
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <StatTile key={card.key} testId={`stat-${card.key}`} label={card.label} icon={card.icon} hint={card.hint}>
          {stats.isPending ? <Skeleton className="h-8 w-20" /> : <StatValue>{card.format(stats.data[card.key])}</StatValue>}
        </StatTile>
      ))}
    </div>
  );
}
