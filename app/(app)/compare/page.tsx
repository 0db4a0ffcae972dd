import type { Metadata } from 'next';
import Link from 'next/link';
import { IndexedChartSlot } from '@/components/company/chart-slot';
import { ComparePicker } from '@/components/company/compare-picker';
import { CompanySection } from '@/components/company/company-section';
import { PageHeader } from '@/components/shell/page-header';
import { InlineDisclaimer } from '@/components/shared/disclaimer';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { formatDay } from '@/lib/format';
import { compareWindows, indexToCommonStart, maxCompared, readCompareQuery, type CompareWindow, type DatedValue } from '@/lib/treasury/compare';
import { keyFiguresOf } from '@/lib/treasury/company-figures';
import { loadCompanyPage, type CompanyPageData } from '@/lib/treasury/company-page';
import { companyPath } from '@/lib/treasury/company-path';
import { loadSlugIndex } from '@/lib/treasury/slugs';
import { cn } from '@/lib/utils';
import type { SearchParams } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Compare companies' };
export const dynamic = 'force-dynamic';

const colors = ['#f59e0b', '#3b82f6', '#10b981', '#a855f7'];
const windowLabels: Record<CompareWindow, string> = { '30': '30 days', '90': '90 days', '365': '365 days', all: 'All' };

const compareHref = (slugs: string[], window: CompareWindow) => `/compare?tickers=${slugs.map(encodeURIComponent).join(',')}${window === '365' ? '' : `&window=${window}`}`;

/** Two to four companies side by side (issue 26): key figures, and BTC per share and mNAV indexed to a common start. */
export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await guardPage(db, '/compare'))) return null;
  const index = await loadSlugIndex(db);
  const selection = readCompareQuery(await searchParams, index);
  const loaded = await Promise.all(selection.companies.map((company) => loadCompanyPage(db, company.id)));
  const companies = loaded.filter((data): data is CompanyPageData => data !== null).map((data, position) => ({ data, slug: selection.companies[position]!.slug, color: colors[position]! }));
  const slugs = companies.map((company) => company.slug);
  const series = (pick: (data: CompanyPageData) => DatedValue[]) => indexToCommonStart(Object.fromEntries(companies.map(({ data, slug }) => [slug, pick(data)])), selection.window);
  const btcPerShare = series((data) => data.btcPerShare.map((point) => ({ date: point.date, value: point.btcPer1000Shares })));
  const mnav = series((data) => data.detail.mnavHistory.map((point) => ({ date: point.asOf.slice(0, 10), value: point.mNav })));
  const legend = companies.map(({ data, slug, color }) => ({ key: slug, label: `${data.detail.name} (${slug})`, color }));
  const options = (await db.company.findMany({ select: { id: true, name: true }, orderBy: { btcHoldings: 'desc' } })).map((company) => ({ slug: index.slugOf(company.id)!, name: company.name }));

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title="Compare companies" description={`Two to ${maxCompared} companies side by side: key figures with their dates, and BTC per share and mNAV indexed to 100 on a common start; a window ends at the newest stored value.`} />
      {selection.problems.length > 0 && (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="compare-problems">
          <ul className="list-disc pl-5">
            {selection.problems.map((problem) => (
              <li key={problem.message}>
                {problem.message}
                {problem.candidates?.map((candidate) => (
                  <Link key={candidate} href={compareHref([...slugs, candidate], selection.window)} className="ml-2 underline underline-offset-2">
                    Add {candidate}
                  </Link>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ComparePicker selected={companies.map(({ data, slug }) => ({ slug, name: data.detail.name }))} options={options} window={selection.window} max={maxCompared} />
      {companies.length < 2 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground" data-testid="compare-empty">
          Choose {companies.length === 0 ? 'two' : 'one more'} compan{companies.length === 0 ? 'ies' : 'y'} to compare (up to {maxCompared}).
        </p>
      ) : (
        <>
          <nav aria-label="Window" className="flex flex-wrap gap-1 text-sm" data-testid="compare-window">
            {compareWindows.map((window) => (
              <Link
                key={window}
                href={compareHref(slugs, window)}
                aria-current={window === selection.window ? 'page' : undefined}
                className={cn('rounded-md border px-3 py-1.5', window === selection.window ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted')}
              >
                {windowLabels[window]}
              </Link>
            ))}
          </nav>
          <KeyFiguresSideBySide companies={companies} />
          <div className="grid gap-5 xl:grid-cols-2">
            <IndexedSection id="compare-btc-per-share" title="BTC per share, indexed" what="BTC per 1,000 basic shares" indexed={btcPerShare} legend={legend} />
            <IndexedSection id="compare-mnav" title="mNAV (basic), indexed" what="basic mNAV" indexed={mnav} legend={legend} />
          </div>
        </>
      )}
      <InlineDisclaimer />
    </div>
  );
}

function IndexedSection(props: { id: string; title: string; what: string; indexed: ReturnType<typeof indexToCommonStart>; legend: { key: string; label: string; color: string }[] }) {
  const { start, rows } = props.indexed;
  const shown = props.legend.filter((entry) => rows.some((row) => row[entry.key] !== null && row[entry.key] !== undefined));
  const missing = props.legend.filter((entry) => !shown.includes(entry));
  return (
    <CompanySection id={props.id} title={props.title} description={start ? `100 = each company's ${props.what} on ${formatDay(start)}, the first day all of them have one in this window.` : undefined}>
      {start && rows.length > 1 && shown.length > 0 ? (
        <IndexedChartSlot testId={`${props.id}-chart`} rows={rows} series={shown} label={`${props.title} from ${formatDay(start)}: ${shown.map((entry) => `${entry.label} ${rows.at(-1)![entry.key] ?? '—'}`).join(', ')}`} />
      ) : (
        <p className="text-sm text-muted-foreground">No common history in this window.</p>
      )}
      {missing.length > 0 && <p className="mt-2 text-xs text-muted-foreground">No {props.what} history for {missing.map((entry) => entry.label).join(', ')}.</p>}
    </CompanySection>
  );
}

function KeyFiguresSideBySide({ companies }: { companies: { data: CompanyPageData; slug: string }[] }) {
  const figures = companies.map(({ data }) => keyFiguresOf(data));
  return (
    <CompanySection id="compare-figures" title="Key figures">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-sm" data-testid="compare-figures">
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 text-left font-medium text-muted-foreground">
                Figure
              </th>
              {companies.map(({ data, slug }) => (
                <th key={slug} scope="col" className="px-2 py-2 text-right font-medium">
                  <Link href={companyPath(slug)} className="underline-offset-2 hover:underline">
                    {data.detail.name}
                  </Link>
                  <span className="block text-xs font-normal text-muted-foreground">{slug}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures[0]!.map((row, position) => (
              <tr key={row.key} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal text-muted-foreground">
                  {row.label}
                </th>
                {figures.map((list, column) => {
                  const figure = list[position]!;
                  return (
                    <td key={companies[column]!.slug} className="px-2 py-2 text-right tabular-nums" title={figure.value === null ? figure.missing : figure.source}>
                      {figure.value ?? '—'}
                      <span className="block text-xs text-muted-foreground">{figure.value === null ? (figure.missing ?? 'unknown') : figure.asOf ? formatDay(figure.asOf) : 'date not recorded'}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CompanySection>
  );
}
