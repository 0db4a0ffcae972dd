import { CircleAlert } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { isTrialFailure, trialFailureMessages } from '@/lib/affiliate/schema';
import { getPageViewer } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import type { SearchParams } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Trial link not applied' };
export const dynamic = 'force-dynamic';

// /trial/{token} sends every refusal here, whoever opened the link: a signed-out or unsubscribed
// visitor could not reach /affiliate to read the explanation.
export default async function TrialUnavailablePage({ searchParams }: { searchParams: SearchParams }) {
  const [{ reason }, viewer] = await Promise.all([searchParams, getPageViewer(db)]);
  const message = trialFailureMessages[isTrialFailure(reason) ? reason : 'invalid'];

  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CircleAlert className="size-5 shrink-0 text-warning" aria-hidden="true" />
          <h1>Trial link not applied</h1>
        </CardTitle>
        <CardDescription role="alert">{message}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Influencer trial links give 7 days of access, work once and are non-transferrable.
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {viewer.state === 'signed-out' ? (
          <>
            <Button asChild>
              <Link href="/register">Create an account</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/login">Sign in</Link>
            </Button>
          </>
        ) : viewer.state === 'unsubscribed' ? (
          <Button asChild>
            <Link href="/subscription">See plans</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link href="/dashboard">Go to the dashboard</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
