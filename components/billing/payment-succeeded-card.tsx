import { CheckCircle2 } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** The end of a successful payment (checkout, /payment-success): what it bought, and the way to the dashboard. */
export function PaymentSucceededCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-lg text-center" data-testid={testId}>
      <CardContent className="space-y-4 p-8">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h2 className="text-2xl font-bold">Payment Successful!</h2>
        <p className="text-muted-foreground">{children}</p>
        <Button asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
