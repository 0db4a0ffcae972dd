import Link from 'next/link';
import { formatBtc, riskColorClass } from '@/lib/format';
import type { TreasuryAnalysis } from '@/lib/chat/schema';
import { cn } from '@/lib/utils';

/** The figures behind an answer, so the prose can be checked against them; defaults are marked. */
export function AnalysisSummary({ analysis }: { analysis: TreasuryAnalysis }) {
  const marked = (name: string) => (analysis.defaults.includes(name) ? ' *' : '');
  const rows = [
    { label: 'Health grade', value: `${analysis.healthGrade}${marked('healthGrade')}` },
    { label: 'AI risk', value: `${analysis.aiRiskScore.toFixed(1)}${marked('aiRiskScore')}`, className: riskColorClass(analysis.aiRiskScore) },
    { label: 'Conviction', value: `${analysis.convictionScore.toFixed(1)}${marked('convictionScore')}` },
    { label: 'Governance', value: `${analysis.governanceScore.toFixed(1)}${marked('governanceScore')}` },
    { label: 'mNAV', value: analysis.premiumToNav === null ? '—' : `${analysis.premiumToNav.toFixed(2)}x` },
    { label: 'Holdings', value: formatBtc(analysis.btcHoldings) },
  ];
  const hasDefaults = ['healthGrade', 'aiRiskScore', 'convictionScore', 'governanceScore'].some((name) => analysis.defaults.includes(name));
  return (
    <div className="mt-2 rounded-md border bg-background p-2" data-testid="chat-analysis">
      <p className="mb-1 text-xs font-medium">
        {analysis.name}
        {analysis.ticker ? ` · ${analysis.ticker}` : ''}
        {analysis.tracked ? '' : ' · not tracked'}
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className={cn('font-medium tabular-nums', row.className)}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {hasDefaults && <p className="mt-1 text-[11px] text-muted-foreground">* default for want of data</p>}
      {analysis.companyPath && (
        <Link href={analysis.companyPath} className="mt-1 inline-block text-xs font-medium text-primary underline-offset-2 hover:underline" data-testid="chat-company-link">
          Open {analysis.name}&apos;s page
        </Link>
      )}
    </div>
  );
}
