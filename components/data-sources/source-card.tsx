import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { DataSourceView } from '@/lib/data-sources/schema';
import { integrationProgressLabel, sourceStateVariants } from '@/lib/data-sources/labels';
import { formatRelativeTime } from '@/lib/format';
import { TechnicalDetail } from '@/components/shared/technical-detail';
const priorityVariant = { high: 'destructive', medium: 'secondary', low: 'outline' } as const;

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One source: status, coverage, cadence, priority, signals counted from storage and its freshness; the technical detail for admins. */
export function SourceCard({ source, now }: { source: DataSourceView; now: Date }) {
  const titleId = `source-${source.key}`;
  return (
    <Card aria-labelledby={titleId} data-testid={`source-${source.key}`} role="article" className="min-w-0 wrap-anywhere">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle id={titleId} className="text-base">
            {capitalise(source.name)}
          </CardTitle>
          <Badge variant={sourceStateVariants[source.state]} data-testid={`state-${source.key}`}>
            {source.statusLabel}
          </Badge>
        </div>
        <CardDescription>{source.categoryName}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p className="text-muted-foreground">{source.description}</p>
        <p className="text-xs" data-testid={`state-detail-${source.key}`}>
          {source.stateDetail}
        </p>
        <div className="space-y-1">
          <div className="flex justify-between text-xs">
            <span className="text-muted-foreground">
              Coverage{source.status === 'integration' ? ` · ${integrationProgressLabel}` : ''}
            </span>
            <span className="font-medium tabular-nums">{source.coverage}%</span>
          </div>
          <Progress value={source.coverage} aria-label={`${source.name} coverage`} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Update frequency</dt>
            <dd className="font-medium">{capitalise(source.updateFrequency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Priority</dt>
            <dd>
              <Badge variant={priorityVariant[source.priority as keyof typeof priorityVariant] ?? 'outline'}>{capitalise(source.priority)}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Signals</dt>
            <dd className="font-medium tabular-nums" data-testid={`signals-${source.key}`}>
              {source.signals.toLocaleString('en-US')}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last update</dt>
            <dd className="font-medium" title={source.lastSuccessAt ?? undefined}>
              {source.lastSuccessAt
                ? `${formatRelativeTime(source.lastSuccessAt, now)} (${new Date(source.lastSuccessAt).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })})`
                : 'Never'}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">{source.signalsNote}</p>
        {source.technicalDetail && <TechnicalDetail testId={`technical-detail-${source.key}`}>{source.technicalDetail}</TechnicalDetail>}
      </CardContent>
    </Card>
  );
}
