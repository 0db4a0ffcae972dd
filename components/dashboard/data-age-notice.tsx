import { Info } from 'lucide-react';
import Link from 'next/link';
import type { DataAge } from '@/lib/dashboard/data-age';

/** One plain notice at the top of the dashboard: how old the newest data is and why, with a link to its sources. */
export function DataAgeNotice({ dataAge }: { dataAge: DataAge }) {
  if (!dataAge.message) return null;
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-info/40 bg-info/10 p-3 text-sm" data-testid="data-age-notice">
      <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden="true" />
      <p>
        {dataAge.message}{' '}
        <Link href="/data-sources" className="font-medium underline underline-offset-2">
          Data Sources
        </Link>{' '}
        shows each source&apos;s state.
      </p>
    </div>
  );
}
