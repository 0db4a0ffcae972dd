import { Badge } from '@/components/ui/badge';
import type { CompanyPageData } from '@/lib/treasury/company-page';
import { signalTypeLabel } from '@/lib/signals/display';
import { CompanySection } from './company-section';
import { SourceText } from './source-text';

/** The company's signals (newest 20) beside the documents behind its figures and signals. */
export function SignalsAndFilings({ data }: { data: CompanyPageData }) {
  const signals = data.detail.activeSignals.slice(0, 20);
  return (
    <CompanySection id="signals" title="Signals and filings">
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-medium">Signals</h3>
          {signals.length === 0 ? (
            <p className="text-sm text-muted-foreground">No signals for this company.</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border text-sm" data-testid="company-signals">
              {signals.map((signal) => (
                <li key={signal.id} className="flex flex-col gap-1 px-3 py-2">
                  <span>
                    <Badge variant={signal.severity === 'critical' || signal.severity === 'high' ? 'destructive' : 'secondary'} className="mr-2">
                      {signal.severity}
                    </Badge>
                    <span className="text-xs text-muted-foreground">{signalTypeLabel(signal.signalType)}</span>
                  </span>
                  <span>{signal.description}</span>
                  <SourceText source={signal.source} url={signal.metadata.filingUrl} date={signal.detectedAt} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium">Filings and source documents</h3>
          {data.filings.length === 0 ? (
            <p className="text-sm text-muted-foreground">No filing or source document is linked to this company&apos;s figures yet.</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border text-sm" data-testid="company-filings">
              {data.filings.map((filing) => (
                <li key={filing.url} className="px-3 py-2">
                  <SourceText source={filing.label} url={filing.url} date={filing.date} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </CompanySection>
  );
}
