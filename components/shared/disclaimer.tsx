import { Info } from 'lucide-react';
import { cn } from '@/lib/utils';

// The not-financial-advice disclaimer of spec 001 §1, in its three variants: inline, card and full.

const disclaimerTitle = 'Not Financial Advice';
const disclaimerShort =
  'The information on this platform is for research and educational purposes only and is not financial, investment, legal or tax advice.';
const disclaimerFull = [
  disclaimerShort,
  'Health grades, AI risk scores, conviction and governance scores, signals and pre-pump alerts are computed from public filings and market data. They can be incomplete, delayed or wrong, and past patterns do not predict future results.',
  'Bitcoin and the shares of companies that hold it are volatile; you can lose some or all of the money you invest. Do your own research and consult a licensed financial advisor before making investment decisions.',
];

export function InlineDisclaimer({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-testid="disclaimer-inline">
      <strong className="font-medium">{disclaimerTitle}:</strong> {disclaimerShort}
    </p>
  );
}

export function CardDisclaimer({ className }: { className?: string }) {
  return (
    <aside
      aria-labelledby="disclaimer-card-title"
      className={cn('flex gap-3 rounded-xl border border-warning/30 bg-warning/5 p-4 text-sm', className)}
      data-testid="disclaimer-card"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div>
        <h2 id="disclaimer-card-title" className="font-semibold">
          {disclaimerTitle}
        </h2>
        <p className="mt-1 text-muted-foreground">
          {disclaimerShort} Scores and signals are computed from public data and may be incomplete or wrong. Do your own research and consult a licensed
          financial advisor before investing.
        </p>
      </div>
    </aside>
  );
}

export function FullDisclaimer({ className }: { className?: string }) {
  return (
    <section aria-labelledby="disclaimer-full-title" className={cn('flex flex-col gap-2 rounded-xl border p-6 text-sm', className)} data-testid="disclaimer-full">
      <h2 id="disclaimer-full-title" className="text-lg font-semibold">
        {disclaimerTitle}
      </h2>
      {disclaimerFull.map((paragraph) => (
        <p key={paragraph} className="text-muted-foreground">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
