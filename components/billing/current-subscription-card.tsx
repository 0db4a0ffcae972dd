import { CalendarDays, Crown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PublicUser } from '@/lib/auth/types';
import { planFromAnyName } from '@/lib/payments/plans';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function statusBadge(status: string) {
  if (status === 'active') return <Badge variant="success">Active</Badge>;
  if (status === 'trial') return <Badge variant="info">Trial</Badge>;
  return <Badge variant="secondary">{status === 'cancelled' || status === 'canceled' ? 'Cancelled' : 'Inactive'}</Badge>;
}

function renewalLine(user: PublicUser): string | null {
  if (!user.subscriptionEndsAt) return null;
  const date = dateFormat.format(new Date(user.subscriptionEndsAt));
  // A renewing card subscription has no end date on the account; a dated one runs out unless paid again.
  if (user.subscriptionStatus === 'active') return `Active until ${date}`;
  if (user.subscriptionStatus === 'trial') return `Trial ends on ${date}`;
  return `Ended on ${date}`;
}

/** Tier, status and renewal or end date of the signed-in user's subscription. */
export function CurrentSubscriptionCard({ user, isLoading }: { user: PublicUser | null; isLoading: boolean }) {
  const hasPlan = Boolean(user?.subscriptionTier) && (user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'trial');
  const renewal = user ? renewalLine(user) : null;
  return (
    <Card data-testid="current-subscription">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-5 text-primary" aria-hidden="true" /> Current Subscription
        </CardTitle>
        <CardDescription>Your plan and billing status</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-2" role="status" aria-label="Loading subscription">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        ) : !user ? (
          <p className="text-sm text-muted-foreground">Sign in to see your subscription.</p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="space-y-1">
              <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                <span data-testid="current-tier">{hasPlan && user.subscriptionTier ? (planFromAnyName(user.subscriptionTier)?.tierName ?? user.subscriptionTier) : 'No active plan'}</span>
                {statusBadge(user.subscriptionStatus)}
                {user.betaAccess && <Badge variant="outline">Beta Access</Badge>}
              </p>
              {renewal ? (
                <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <CalendarDays className="size-4" aria-hidden="true" /> {renewal}
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">
                  {hasPlan ? 'Renews automatically each billing period.' : user.betaAccess ? 'Your beta access includes every main screen.' : 'Choose a plan below to unlock the platform.'}
                </p>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
