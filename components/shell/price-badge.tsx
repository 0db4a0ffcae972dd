/** The spec's fixed placeholder (000 §2): never fetched, so it can never be mistaken for a quote. */
export function PriceBadge() {
  return (
    <div className="hidden items-center gap-2 rounded-full border px-3 py-1 text-xs sm:flex" aria-label="Bitcoin price">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      <span className="text-muted-foreground">Live Price</span>
      <span className="font-semibold tabular-nums">$67,234</span>
      <span className="font-medium text-success tabular-nums">+2.4%</span>
    </div>
  );
}
