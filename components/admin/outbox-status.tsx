import { Badge } from '@/components/ui/badge';

const variants: Record<string, 'success' | 'info' | 'destructive' | 'secondary'> = { sent: 'success', queued: 'info', sending: 'info', failed: 'destructive' };

/** A mail's delivery state as a badge. */
export function OutboxStatus({ status }: { status: string }) {
  return (
    <Badge variant={variants[status] ?? 'secondary'} data-testid="outbox-status">
      {status}
    </Badge>
  );
}
