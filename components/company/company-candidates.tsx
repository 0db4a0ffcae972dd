import Link from 'next/link';
import { PageHeader } from '@/components/shell/page-header';
import { companyPath } from '@/lib/treasury/company-path';
import type { SlugCandidate } from '@/lib/treasury/slugs';

/** A bare ticker that names several listings (COIN): the companies it could mean, each linked to its page. */
export function CompanyCandidates({ slug, candidates }: { slug: string; candidates: SlugCandidate[] }) {
  return (
    <div>
      <PageHeader title={`${slug.toUpperCase()} names ${candidates.length} companies`} description="Listings on different exchanges share this ticker. Choose the one you mean." />
      <ul className="flex flex-col divide-y rounded-lg border" data-testid="company-candidates">
        {candidates.map((candidate) => (
          <li key={candidate.id}>
            <Link href={companyPath(candidate.slug)} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-muted">
              <span className="font-medium">{candidate.name}</span>
              <span className="text-sm text-muted-foreground">
                {candidate.ticker} on {candidate.exchange}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
