'use client';

import { useMutation } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { postInfluencerTrial } from '@/lib/affiliate/client';
import { ApiError } from '@/lib/http/api-client';
import { copyFailedToast, copyText } from '@/lib/clipboard';
import { CopyButton } from './copy-button';

/** Generates a single-use 7-day trial link and copies it; the link also stays on screen to copy by hand. */
export function InfluencerTrialCard() {
  const [trialLink, setTrialLink] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: postInfluencerTrial,
    onSuccess: async ({ trialLink: link }) => {
      setTrialLink(link);
      if (await copyText(link)) {
        toast({ title: 'Influencer Trial Created', description: '7-day trial link copied to clipboard', variant: 'success' });
      } else {
        toast(copyFailedToast);
      }
    },
    onError: (error) =>
      toast({
        title: 'Trial Link Failed',
        description: (error instanceof ApiError && error.serverMessage) || 'Unable to create a trial link. Please try again.',
        variant: 'destructive',
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden="true" />
          Influencer Program
        </CardTitle>
        <CardDescription>Give an influencer a 7-day free trial of the full platform so they can review it before they promote it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
          <li>Each trial link grants 7 days of the Professional plan, starting when it is redeemed.</li>
          <li>The trial is non-transferrable: a link works once, for the one account that redeems it.</li>
          <li>A link expires 7 days after you create it if nobody redeems it. You cannot redeem your own links.</li>
          <li>Send each link privately to one person; create a new link for every influencer (up to 10 a day).</li>
        </ul>
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? 'Generating...' : 'Generate Trial Link'}
        </Button>
        {trialLink && (
          <div className="space-y-2">
            <Label htmlFor="influencer-trial-link">Trial link</Label>
            <div className="flex items-center gap-2">
              <Input
                id="influencer-trial-link"
                readOnly
                value={trialLink}
                className="font-mono text-xs sm:text-sm"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={trialLink} label="Copy trial link" />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
