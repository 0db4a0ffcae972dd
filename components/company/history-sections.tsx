import { ExportButtons } from '@/components/shared/export-buttons';
import { formatBtc, formatDay } from '@/lib/format';
import type { CompanyPageData } from '@/lib/treasury/company-page';
import { BtcPerShareChartSlot, HoldingsChartSlot } from './chart-slot';
import type { HoldingsPoint } from './charts';
import { CompanySection } from './company-section';
import { MnavBasisPanel } from './mnav-basis-panel';
import { SourceText } from './source-text';
import { isoDay } from '@/lib/dates';

const btcPerShare = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/**
 * The readings where the figure or its source changed (each marked on the chart with its source), and
 * the last reading so the line reaches today; quarantined readings stay out, as in every total.
 */
function holdingsPoints(history: CompanyPageData['detail']['holdingsHistory']): HoldingsPoint[] {
  const readings = history.filter((point) => !point.quarantined);
  const points: HoldingsPoint[] = [];
  readings.forEach((point, index) => {
    const previous = points.at(-1);
    const isChange = !previous || previous.btc !== point.quantity || previous.source !== point.source;
    if (isChange || index === readings.length - 1) points.push({ date: point.asOf.slice(0, 10), btc: point.quantity, source: point.source, isChange });
  });
  return points;
}

export function HoldingsSection({ data }: { data: CompanyPageData }) {
  const { detail } = data;
  const points = holdingsPoints(detail.holdingsHistory);
  const changes = points.filter((point) => point.isChange).reverse();
  return (
    <CompanySection
      id="holdings"
      title="Holdings over time"
      description="Each dot is a change, with its source on hover; the list gives every change and its source."
      actions={<ExportButtons href={`/api/v1/companies/${encodeURIComponent(detail.id)}/holdings-history`} label="the holdings history" testId="holdings-history-export" />}
    >
      {points.length > 1 ? (
        <HoldingsChartSlot points={points} label={`${detail.name} holdings from ${formatDay(points[0]!.date)} (${formatBtc(points[0]!.btc)}) to ${formatDay(points.at(-1)!.date)} (${formatBtc(points.at(-1)!.btc)}), ${changes.length} changes`} />
      ) : (
        <p className="text-sm text-muted-foreground">Only one reading stored so far ({formatBtc(detail.btcHoldings)} on {formatDay(detail.holdings[0]!.asOf)}).</p>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">Every change and its source ({changes.length})</summary>
        <ul className="mt-2 flex max-h-72 flex-col divide-y overflow-y-auto rounded-md border" data-testid="holdings-changes">
          {changes.map((point) => (
            <li key={`${point.date}-${point.source}`} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
              <span className="tabular-nums">{formatBtc(point.btc)}</span>
              <SourceText source={point.source} date={point.date} />
            </li>
          ))}
        </ul>
      </details>
    </CompanySection>
  );
}

export function BtcPerShareSection({ data }: { data: CompanyPageData }) {
  const points = data.btcPerShare.map((point) => ({ date: point.date, value: point.btcPer1000Shares, source: `${point.holdingsSource}; shares of ${point.sharesAsOf}: ${point.sharesSource}` }));
  const first = points[0];
  const last = points.at(-1);
  return (
    <CompanySection id="btc-per-share" title="BTC per 1,000 shares" description="Holdings on each date ÷ the latest basic share count on or before it, never across a share split.">
      {first && last && points.length > 1 ? (
        <BtcPerShareChartSlot points={points} label={`BTC per 1,000 shares from ${formatDay(first.date)} (${btcPerShare.format(first.value)}) to ${formatDay(last.date)} (${btcPerShare.format(last.value)})`} />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="btc-per-share-empty">
          {last ? `One value so far: ${btcPerShare.format(last.value)} on ${formatDay(last.date)}; a history needs a second holdings reading or share count.` : 'Not available: no basic share count is stored on or before a holdings reading.'}
        </p>
      )}
      {last && <p className="mt-2 text-xs text-muted-foreground">Latest: shares as of {formatDay(data.btcPerShare.at(-1)!.sharesAsOf)} ({data.btcPerShare.at(-1)!.sharesSource}).</p>}
    </CompanySection>
  );
}

export function MnavSection({ data }: { data: CompanyPageData }) {
  const { detail } = data;
  const market = detail.market;
  const basic = detail.mnavHistory.map((point) => ({ date: point.asOf.slice(0, 10), mnav: point.mNav }));
  // The price line starts with the mNAV history (or a year before the last close without one): the rest would only travel in the HTML.
  const lastClose = data.sharePrices.at(-1)?.date;
  const yearBack = lastClose ? isoDay(new Date(Date.parse(`${lastClose}T00:00:00Z`) - 365 * 86_400_000)) : '';
  const priceFrom = basic[0] && basic[0].date < yearBack ? basic[0].date : yearBack;
  const current = (figure: { value: number | null; asOf: string | null } | undefined) => ({ value: figure?.value ?? null, asOf: figure?.asOf ?? null });
  return (
    <CompanySection
      id="mnav"
      title="mNAV beside the share price"
      description="Premium to NAV on the basis you choose; the share price on the right axis."
    >
      <MnavBasisPanel
        companyId={detail.id}
        companyName={detail.name}
        basic={basic}
        sharePrices={data.sharePrices.filter((price) => price.date >= priceFrom).map(({ date, priceUsd }) => ({ date, priceUsd }))}
        current={{ basic: current(market?.mNav), ev: current(market?.evMNav), diluted: current(market?.dilutedMNav), net: { value: null, asOf: null } }}
      />
      <p className="mt-2 text-xs text-muted-foreground">Basic basis: {detail.mnavBasis}.</p>
    </CompanySection>
  );
}
