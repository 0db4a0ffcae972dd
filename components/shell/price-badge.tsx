'use client';

import { useQuery } from '@tanstack/react-query';
import { formatChange, formatDay, formatMoney } from '@/lib/format';
import { isLiveQuote, type PriceQuote } from '@/lib/market/live';
import { cn } from '@/lib/utils';

const tickerQueryKey = ['/api/market-data/ticker'] as const;
const tickerPollMs = 60_000;

/**
 * The navigation bar's Bitcoin price (spec 000 §2: price, 24-hour change, a Live Price dot). The
 * spec's figures were placeholders; this shows the latest stored quote, which the market ingest keeps
 * current. "Live Price" only while the quote is within its source's cadence (docs/metrics.md, "Live");
 * otherwise it says "Price" and the date it is from, at every width, and its dot stops pulsing.
 */
export function PriceBadge({ initialQuote }: { initialQuote: PriceQuote | null }) {
  const { data } = useQuery<{ bitcoin: PriceQuote | null }>({
    queryKey: tickerQueryKey,
    initialData: { bitcoin: initialQuote },
    initialDataUpdatedAt: 0,
    refetchInterval: tickerPollMs,
    refetchOnWindowFocus: true,
  });
  const quote = data?.bitcoin ?? null;
  const live = quote !== null && isLiveQuote(quote);
  const change = quote?.change24h ?? null;
  const asOf = quote ? formatDay(quote.updatedAt) : null;
  const description = quote
    ? `Bitcoin ${formatMoney(quote.price)}, ${formatChange(change)} over 24 hours, ${live ? 'live' : `as of ${asOf}`} (${quote.source})`
    : 'Bitcoin price not available yet';

  return (
    <div
      className="flex min-w-0 items-center gap-1.5 rounded-2xl border px-2 py-0.5 text-[11px] leading-tight sm:gap-2 sm:rounded-full sm:px-3 sm:py-1 sm:text-xs"
      aria-label="Bitcoin price"
      title={description}
      data-testid="price-badge"
    >
      <span className="relative flex size-2 shrink-0" aria-hidden="true">
        {live && <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />}
        <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-success' : 'bg-muted-foreground')} />
      </span>
      <span className="hidden text-muted-foreground sm:inline">{live ? 'Live Price' : 'Price'}</span>
      {/* On a phone the price and its date stack, so the date stays visible in the bar's width. */}
      <span className="flex flex-col sm:flex-row sm:items-center sm:gap-2">
        <span className="flex items-center gap-2">
          <span className="font-semibold tabular-nums" data-testid="btc-price">
            {quote ? formatMoney(quote.price) : '—'}
          </span>
          <span
            className={cn('hidden font-medium tabular-nums sm:inline', change === null ? 'text-muted-foreground' : change >= 0 ? 'text-success' : 'text-destructive')}
            data-testid="btc-change"
          >
            {formatChange(change)}
          </span>
        </span>
        {quote && !live && (
          <span className="whitespace-nowrap text-muted-foreground" data-testid="btc-as-of">
            as of {asOf}
          </span>
        )}
      </span>
      <span className="sr-only">{description}</span>
    </div>
  );
}
