import { Bitcoin } from 'lucide-react';
import { FlagBadge } from '@/components/shared/flag-badge';
import { Card, CardContent } from '@/components/ui/card';
import type { HoldingRow } from '@/lib/dashboard/holding-row';
import { formatBtc, formatMoney } from '@/lib/format';
import { ViewAllHeader } from './view-all-header';

/** The five largest holders (spec 001 §2's "Top 100 Bitcoin Treasuries" card), from stored holdings. */
export function TopTreasuriesCard({ holdings }: { holdings: readonly HoldingRow[] }) {
  const top = holdings.slice(0, 5);
  return (
    <Card data-testid="top-treasuries">
      <ViewAllHeader icon={<Bitcoin className="size-4 text-orange-500" aria-hidden="true" />} title="Top 100 Bitcoin Treasuries" href="/analytics" />
      <CardContent>
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">No companies yet.</p>
        ) : (
          <ol className="flex flex-col divide-y">
            {top.map((company, index) => (
              <li key={company.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="w-4 text-muted-foreground tabular-nums">{index + 1}</span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{company.name}</span>
                    <span className="block text-xs text-muted-foreground">{company.ticker}</span>
                    <FlagBadge state={company} className="block" />
                  </span>
                </span>
                <span className="shrink-0 text-right whitespace-nowrap tabular-nums">
                  <span className="block font-medium">{formatBtc(company.btcHoldings)}</span>
                  <span className="block text-xs text-muted-foreground" title={`BTC as of ${company.latest?.asOf.slice(0, 10) ?? 'unknown'}`}>
                    {formatMoney(company.latest?.currentValue)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
