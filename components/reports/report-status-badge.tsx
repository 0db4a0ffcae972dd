import { Badge } from '@/components/ui/badge';
import type { ReportStatus } from '@/lib/reports/options';

// Spec 001 §4: ready green, generating yellow, scheduled blue.
const variants: Record<ReportStatus, { className: string; label: string }> = {
  ready: { className: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400', label: 'ready' },
  generating: { className: 'border-yellow-500/30 bg-yellow-500/10 text-yellow-700 dark:text-yellow-400', label: 'generating' },
  scheduled: { className: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-400', label: 'scheduled' },
  failed: { className: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-400', label: 'failed' },
};

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const variant = variants[status] ?? variants.scheduled;
  return (
    <Badge variant="outline" className={variant.className} data-status={status}>
      {variant.label}
    </Badge>
  );
}
