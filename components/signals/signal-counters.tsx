import { AlertTriangle, FileText, TrendingUp, UserCheck } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import type { SignalSummaryDto } from '@/lib/signals/schema';

const counters = [
  { key: 'criticalAlerts', label: 'Critical Alerts', icon: AlertTriangle, color: 'text-red-500' },
  { key: 'secFilings', label: 'SEC Filings', icon: FileText, color: 'text-blue-500' },
  { key: 'insiderActivity', label: 'Insider Activity', icon: UserCheck, color: 'text-purple-500' },
  { key: 'prePumpSignals', label: 'Pre-Pump Signals', icon: TrendingUp, color: 'text-green-500' },
] as const;

/** The four counters over the active-signal window. */
export function SignalCounters({ summary }: { summary: SignalSummaryDto | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {counters.map(({ key, label, icon: Icon, color }) => (
        <Card key={key} data-testid={`counter-${key}`} className="py-4">
          <CardContent className="flex items-center justify-between gap-2">
            <div>
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold">{summary ? summary[key] : '—'}</p>
            </div>
            <Icon className={`size-6 ${color}`} aria-hidden="true" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
