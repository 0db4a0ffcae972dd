import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay, formatPrice } from '@/lib/format';
import type { InsiderTradeView } from '@/lib/treasury/company-page';
import { CompanySection } from './company-section';

/** Form 4 transactions of the company's insiders, newest first (the insider timing score's input). */
export function InsiderTrades({ trades }: { trades: InsiderTradeView[] }) {
  return (
    <CompanySection id="insiders" title="Insider trades" description="Form 4 transactions, newest 25.">
      {trades.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="insider-trades-empty">
          No insider transactions are stored for this company, so its insider timing score is not measured.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <Table data-testid="insider-trades">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Insider</TableHead>
                <TableHead>Bought or sold</TableHead>
                <TableHead className="text-right">Shares</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead>Filing</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {trades.map((trade) => (
                <TableRow key={trade.id}>
                  <TableCell className="whitespace-nowrap">{formatDay(trade.transactionDate)}</TableCell>
                  <TableCell>
                    {trade.insiderName}
                    {trade.insiderRole && <span className="block text-xs text-muted-foreground">{trade.insiderRole}</span>}
                  </TableCell>
                  <TableCell>{trade.acquiredDisposed === 'A' ? 'Acquired' : 'Disposed'}</TableCell>
                  <TableCell className="text-right tabular-nums">{trade.shares.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right tabular-nums">{trade.pricePerShare === null ? '—' : formatPrice(trade.pricePerShare)}</TableCell>
                  <TableCell>
                    {trade.filingUrl ? (
                      <a href={trade.filingUrl} target="_blank" rel="noreferrer" className="underline-offset-2 hover:underline">
                        Form 4
                      </a>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </CompanySection>
  );
}
