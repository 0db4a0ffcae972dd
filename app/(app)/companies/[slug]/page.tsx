import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { CapitalStack, Issuance, StrategyKpis } from '@/components/company/capital-sections';
import { CompanyCandidates } from '@/components/company/company-candidates';
import { CompanySection } from '@/components/company/company-section';
import { BtcPerShareSection, HoldingsSection, MnavSection } from '@/components/company/history-sections';
import { InsiderTrades } from '@/components/company/insider-trades';
import { KeyFigures } from '@/components/company/key-figures';
import { CapitalStackSection, IssuanceSection, StrategyKpisSection } from '@/components/company/pending-sections';
import { ProvenanceTable } from '@/components/company/provenance-table';
import { SignalsAndFilings } from '@/components/company/signals-and-filings';
import { ExportButtons } from '@/components/shared/export-buttons';
import { InlineDisclaimer } from '@/components/shared/disclaimer';
import { FlagNotice } from '@/components/shared/flag-badge';
import { Button } from '@/components/ui/button';
import { guardPage } from '@/lib/auth/page-guard';
import { getCompanyCapital } from '@/lib/capital/service';
import { db } from '@/lib/db';
import { keyFiguresOf } from '@/lib/treasury/company-figures';
import { loadCompanyPage } from '@/lib/treasury/company-page';
import { holdingsSourcesOf } from '@/lib/treasury/repository';
import { companyPath } from '@/lib/treasury/company-path';
import { loadSlugIndex } from '@/lib/treasury/slugs';
import type { SearchParams } from '@/lib/web/search-params';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }>; searchParams: SearchParams };

/** The slug as typed: Next hands the segment over still percent-encoded when it holds a space or a dot-free escape. */
const decoded = (slug: string) => {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
};

const resolveSlug = cache(async (slug: string) => (await loadSlugIndex(db)).resolve(decoded(slug)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const resolution = await resolveSlug((await params).slug);
  if (resolution.kind !== 'company') return { title: resolution.kind === 'ambiguous' ? 'Choose a company' : 'Company not found' };
  const company = await db.company.findUnique({ where: { id: resolution.id }, select: { name: true, ticker: true } });
  return { title: company ? `${company.name} (${company.ticker})` : 'Company' };
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The KPI section's custom window from ?from&to (a plain GET form, so it needs no script). */
function customWindow(query: Record<string, string | string[] | undefined>): { window: { from?: string; to?: string }; windowError: string | null } {
  const { from, to } = query;
  if (from === undefined && to === undefined) return { window: {}, windowError: null };
  if (typeof from !== 'string' || typeof to !== 'string' || !dayPattern.test(from) || !dayPattern.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
    return { window: {}, windowError: 'Enter both dates of the window.' };
  if (from >= to) return { window: {}, windowError: 'The window must start before it ends.' };
  return { window: { from, to }, windowError: null };
}

/** The page's address with the issuance list shown in full or not, the KPI window kept. */
function issuanceToggleHref(slug: string, window: { from?: string; to?: string }, showAll: boolean): string {
  const params = new URLSearchParams();
  if (window.from && window.to) {
    params.set('from', window.from);
    params.set('to', window.to);
  }
  if (showAll) params.set('issuance', 'all');
  const search = params.toString();
  return `${companyPath(slug)}${search ? `?${search}` : ''}#issuance`;
}

const sections = [
  ['figures', 'Key figures'],
  ['holdings', 'Holdings'],
  ['btc-per-share', 'BTC per share'],
  ['mnav', 'mNAV'],
  ['kpis', 'KPIs'],
  ['capital-stack', 'Capital stack'],
  ['issuance', 'Issuance'],
  ['signals', 'Signals and filings'],
  ['insiders', 'Insider trades'],
  ['provenance', 'Provenance'],
] as const;

/** A company's page (issue 26): its figures with dates and sources, its history charts, signals, filings and insider trades. */
export default async function CompanyPage({ params, searchParams }: Props) {
  const { slug } = await params;
  if (!(await guardPage(db, `/companies/${slug}`))) return null;
  const resolution = await resolveSlug(slug);
  if (resolution.kind === 'not-found') notFound();
  if (resolution.kind === 'ambiguous') return <CompanyCandidates slug={decoded(slug)} candidates={resolution.candidates} />;
  if (!resolution.isCanonical) redirect(companyPath(resolution.slug));
  const data = await loadCompanyPage(db, resolution.id);
  if (!data) notFound();
  const { detail } = data;
  const figures = keyFiguresOf(data);
  const query = await searchParams;
  const { window, windowError } = customWindow(query);
  const showAllIssuance = query.issuance === 'all';
  const capital = await getCompanyCapital(db, resolution.id, window);
  const exportOf = (path: string, label: string) => <ExportButtons href={`/api/v1/companies/${encodeURIComponent(detail.id)}/${path}`} label={label} testId={`${path}-export`} />;

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">
            <Link href="/dashboard" className="underline-offset-2 hover:underline">
              Dashboard
            </Link>{' '}
            / Company
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{detail.name}</h1>
          <p className="text-muted-foreground">{[detail.ticker, detail.exchange, detail.sector, detail.country].filter(Boolean).join(' · ')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link href={`/compare?tickers=${encodeURIComponent(resolution.slug)}`}>Compare with others</Link>
        </Button>
      </header>
      <nav aria-label="Sections of this page" className="-mx-1 flex gap-1 overflow-x-auto pb-1 text-sm">
        {sections.map(([id, label]) => (
          <a key={id} href={`#${id}`} className="shrink-0 rounded-md px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground">
            {label}
          </a>
        ))}
      </nav>
      <FlagNotice state={detail} />
      <CompanySection id="figures" title="Key figures" description="Each figure with its date and source; Σ opens a formula and its dated inputs.">
        <KeyFigures figures={figures} />
      </CompanySection>
      <HoldingsSection data={data} />
      <div className="grid gap-5 xl:grid-cols-2">
        <BtcPerShareSection data={data} />
        <MnavSection data={data} />
      </div>
      <StrategyKpisSection companyName={detail.name} actions={exportOf(`kpis${window.from ? `?from=${window.from}&to=${window.to}` : ''}`, 'the KPIs')}>
        <StrategyKpis kpis={capital.kpis} slug={resolution.slug} windowError={windowError} />
      </StrategyKpisSection>
      <CapitalStackSection companyName={detail.name} actions={exportOf('capital-structure', 'the capital structure')}>
        <CapitalStack structure={capital.structure} />
      </CapitalStackSection>
      <IssuanceSection companyName={detail.name} actions={exportOf('issuance', 'the issuance history')}>
        <Issuance issuance={capital.issuance} showAll={showAllIssuance} toggleHref={issuanceToggleHref(resolution.slug, window, !showAllIssuance)} />
      </IssuanceSection>
      <SignalsAndFilings data={data} />
      <InsiderTrades trades={data.insiderTrades} />
      <ProvenanceTable figures={figures} holdingsSources={holdingsSourcesOf(detail.holdingsHistory)} />
      <InlineDisclaimer />
    </div>
  );
}
