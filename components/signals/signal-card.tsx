import { Clock, Search } from 'lucide-react';
import Link from 'next/link';
import { FlagBadge } from '@/components/shared/flag-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatRelativeTime } from '@/lib/format';
import { companyPath } from '@/lib/treasury/company-path';
import { capitalize, displayCompanyName, severityColorClass, signalTypeLabel, sourceColorClass } from '@/lib/signals/display';
import type { SignalDto } from '@/lib/signals/schema';
import { cn } from '@/lib/utils';

export function SignalCard({ signal, onInvestigate }: { signal: SignalDto; onInvestigate: () => void }) {
  return (
    <Card className="py-4" data-testid="signal-card" data-severity={signal.severity}>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            {signal.companyId ? (
              <Link href={companyPath(signal.companyId)} prefetch={false} className="font-semibold underline-offset-2 hover:underline">
                {displayCompanyName(signal)}
              </Link>
            ) : (
              <span className="font-semibold">{displayCompanyName(signal)}</span>
            )}
            <Badge variant="outline" className={cn(severityColorClass(signal.severity))}>
              {capitalize(signal.severity)}
            </Badge>
            <Badge variant="secondary">{signalTypeLabel(signal.signalType)}</Badge>
          </div>
          {signal.companyFlag && <FlagBadge state={signal.companyFlag} className="block" />}
          <p className="text-sm">{signal.description}</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className={cn('font-medium', sourceColorClass(signal.source))}>{signal.source}</span>
            <span>Confidence: {signal.confidence}%</span>
            <time className="inline-flex items-center gap-1" dateTime={signal.detectedAt} title={new Date(signal.detectedAt).toUTCString()}>
              <Clock className="size-3" aria-hidden="true" />
              {formatRelativeTime(signal.detectedAt)} ({new Date(signal.detectedAt).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })})
            </time>
          </div>
        </div>
        <Button size="sm" onClick={onInvestigate} className="shrink-0">
          <Search aria-hidden="true" />
          Investigate
        </Button>
      </CardContent>
    </Card>
  );
}
