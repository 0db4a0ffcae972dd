import { Info } from 'lucide-react';
import Link from 'next/link';
import { TechnicalDetail } from '@/components/shared/technical-detail';
import type { DataAge } from '@/lib/dashboard/data-age';

/** A failing source's technical detail, passed only when the viewer is an admin. */
export interface SourceDetail {
  key: string;
  name: string;
  technicalDetail: string;
}

/**
 * One plain notice at the top of the dashboard: how old the newest data is and why, with a link to its
 * sources, and for an admin the technical detail of each source it says could not be reached.
 */
export function DataAgeNotice({ dataAge, sourceDetails }: { dataAge: DataAge; sourceDetails: SourceDetail[] }) {
  if (!dataAge.message) return null;
  return (
    <div role="status" className="flex min-w-0 items-start gap-2 rounded-md border border-info/40 bg-info/10 p-3 text-sm wrap-anywhere" data-testid="data-age-notice">
      <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <p>
          {dataAge.message}{' '}
          <Link href="/data-sources" className="font-medium underline underline-offset-2">
            Data Sources
          </Link>{' '}
          shows each source&apos;s state.
        </p>
        {sourceDetails.map((source) => (
          <TechnicalDetail key={source.key} testId={`technical-detail-${source.key}`}>
            {`${source.name}: ${source.technicalDetail}`}
          </TechnicalDetail>
        ))}
      </div>
    </div>
  );
}
