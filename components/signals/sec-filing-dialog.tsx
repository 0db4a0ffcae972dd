'use client';

import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fetchSignalFiling, signalKeys } from '@/lib/signals/client';
import type { SignalDto } from '@/lib/signals/schema';
import { SignalViewDialog } from './signal-view-dialog';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 border-b py-2 text-sm last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 font-medium break-words">{children}</dd>
    </div>
  );
}

/** The SEC filing behind a signal, as stored when the filing was read. */
export function SecFilingDialog({ signal, onClose }: { signal: SignalDto | null; onClose: () => void }) {
  const filing = useQuery({ queryKey: signalKeys.filing(signal?.id ?? ''), queryFn: () => fetchSignalFiling(signal!.id), enabled: Boolean(signal) });

  return (
    <SignalViewDialog open={Boolean(signal)} title="SEC Filing Analysis" description="The filing this signal was detected from." onClose={onClose}>
        {filing.isPending ? (
          <p className="py-6 text-center text-muted-foreground">Loading filing...</p>
        ) : filing.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Unable to load the filing. {filing.error.message}
          </p>
        ) : !filing.data.available ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
            <FileX className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No SEC filing for this signal</p>
            <p className="text-sm text-muted-foreground">{filing.data.reason}</p>
          </div>
        ) : (
          <div className="space-y-4">
            <dl>
              <Row label="Company">
                {filing.data.company}
                {filing.data.ticker ? ` (${filing.data.ticker})` : ''}
              </Row>
              <Row label="Form Type">{filing.data.formType ?? 'Not recorded'}</Row>
              <Row label="Filing Date">{filing.data.filedAt ? dateFormat.format(new Date(filing.data.filedAt)) : 'Not recorded'}</Row>
              <Row label="Items">
                {filing.data.items.length ? (
                  <span className="flex flex-wrap gap-1">
                    {filing.data.items.map((item) => (
                      <Badge key={item} variant="secondary">
                        Item {item}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  'None listed'
                )}
              </Row>
              <Row label="Accession Number">{filing.data.accessionNumber ?? 'Not recorded'}</Row>
              <Row label="Source">{filing.data.source}</Row>
            </dl>
            {filing.data.excerpt && <blockquote className="rounded-md border-l-4 bg-muted/50 p-3 text-sm italic">{filing.data.excerpt}</blockquote>}
            {filing.data.filingUrl && (
              <Button asChild variant="outline">
                <a href={filing.data.filingUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open Filing Document
                </a>
              </Button>
            )}
          </div>
        )}
    </SignalViewDialog>
  );
}
