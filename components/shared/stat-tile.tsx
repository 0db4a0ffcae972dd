import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A summary figure: its label and icon, the value (or a skeleton while it loads), and a hint under it. */
export function StatTile({ label, icon, hint, testId, children }: { label: string; icon: React.ReactNode; hint: React.ReactNode; testId?: string; children: React.ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        {children}
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** The value line of a StatTile. */
export function StatValue({ className, children }: { className?: string; children: React.ReactNode }) {
  return <p className={cn('text-2xl font-bold tabular-nums', className)}>{children}</p>;
}
