import { Radar } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import type { DiscoveryRecord } from '@/lib/dashboard/repository';
import { formatRelativeTime } from '@/lib/format';
import { ViewAllHeader } from './view-all-header';

const priorityVariant = { high: 'destructive', medium: 'warning', low: 'secondary' } as const;

/** The newest five discoveries from the pipeline (GET /api/discoveries). */
export function NewestDiscoveriesCard({ discoveries, now }: { discoveries: readonly DiscoveryRecord[]; now: Date }) {
  return (
    <Card data-testid="newest-discoveries">
      <ViewAllHeader icon={<Radar className="size-4 text-info" aria-hidden="true" />} title="Newest Discoveries" href="/signals" />
      <CardContent>
        {discoveries.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No discoveries yet. Companies showing signs of adopting bitcoin appear here as they are detected.</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {discoveries.slice(0, 5).map((discovery) => (
              <li key={discovery.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium">
                    {discovery.companyName}
                    {discovery.ticker ? <span className="ml-1 text-xs text-muted-foreground">{discovery.ticker}</span> : null}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {discovery.sourceUrl ? (
                      <a href={discovery.sourceUrl} target="_blank" rel="noreferrer" className="underline-offset-2 hover:underline">
                        {discovery.description}
                      </a>
                    ) : (
                      discovery.description
                    )}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <Badge variant={priorityVariant[discovery.priority as keyof typeof priorityVariant] ?? 'secondary'}>{discovery.status}</Badge>
                  <span className="text-xs text-muted-foreground">{formatRelativeTime(discovery.detectedAt, now)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
