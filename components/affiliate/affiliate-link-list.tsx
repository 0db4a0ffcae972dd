'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { EmptyState } from '@/components/shared/empty-state';
import { LoadError } from '@/components/shared/load-error';
import { LoadingRows } from '@/components/shared/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { affiliateKeys, fetchAffiliateLinks, patchAffiliateLink } from '@/lib/affiliate/client';
import type { AffiliateLinkDto } from '@/lib/affiliate/schema';
import { ApiError } from '@/lib/http/api-client';
import { CopyButton } from './copy-button';

const created = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The user's links with their URL, counts and an active/inactive switch. */
export function AffiliateLinkList() {
  const links = useQuery({ queryKey: affiliateKeys.links, queryFn: fetchAffiliateLinks });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Links</CardTitle>
        <CardDescription>An inactive link still opens the site but no longer counts clicks or referrals.</CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <LoadingRows label="Loading your links" rowClassName="h-28" />
        ) : links.isError ? (
          <LoadError what="your links" error={links.error} onRetry={() => links.refetch()} />
        ) : links.data.length === 0 ? (
          <EmptyState icon={Link2} title="No affiliate links yet" hint="Create your first link above, then share it to start earning commissions." />
        ) : (
          <ul className="space-y-3" aria-label="Affiliate links">
            {links.data.map((link) => (
              <LinkItem key={link.id} link={link} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LinkItem({ link }: { link: AffiliateLinkDto }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => patchAffiliateLink(link.id, isActive),
    onSuccess: (updated) =>
      queryClient.setQueryData<AffiliateLinkDto[]>(affiliateKeys.links, (links) => links?.map((item) => (item.id === updated.id ? updated : item))),
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: (error instanceof ApiError && error.serverMessage) || 'Unable to update the link. Please try again.',
        variant: 'destructive',
      }),
  });
  const switchId = `affiliate-link-active-${link.id}`;
  const urlId = `affiliate-link-url-${link.id}`;

  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="affiliate-link" aria-label={link.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{link.name}</p>
          <p className="text-xs text-muted-foreground">
            Code <code className="font-mono text-foreground">{link.code}</code> · Created {created.format(new Date(link.createdAt))}
          </p>
        </div>
        <Badge variant={link.isActive ? 'success' : 'secondary'}>{link.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor={urlId} className="sr-only">
          URL of {link.name}
        </Label>
        <Input id={urlId} readOnly value={link.url} className="font-mono text-xs sm:text-sm" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={link.url} label={`Copy URL of ${link.name}`} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex gap-6 text-sm">
          <LinkCount label="Clicks" testId="link-clicks" value={link.clicks} />
          <LinkCount label="Conversions" testId="link-conversions" value={link.conversions} />
        </dl>
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={link.isActive}
            disabled={toggle.isPending}
            onCheckedChange={(checked) => toggle.mutate(checked)}
            aria-label={`${link.name} active`}
          />
          <Label htmlFor={switchId} className="text-sm">
            Active
          </Label>
        </div>
      </div>
    </li>
  );
}

function LinkCount({ label, testId, value }: { label: string; testId: string; value: number }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
