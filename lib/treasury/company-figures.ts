import { unrealizedGain } from './stress-test';
import { formatBtc, formatMoney, formatMultiple, formatPercent, formatPrice } from '../format';
import type { CompanyPageData } from './company-page';
import { marketFormulas } from './market-formulas';
import type { Figure } from './market-metrics';

// The key figures of a company page, each with its date and source, and the same list as the page's
// provenance table: one list, so a figure shown is a figure accounted for.

export interface KeyFigure {
  key: string;
  label: string;
  /** The figure as shown; null when unknown (`missing` says why). */
  value: string | null;
  asOf: string | null;
  source: string;
  sourceUrl?: string | null;
  /** The formula, for computed figures; the market figure with its dated inputs, where stored. */
  formula?: string;
  figure?: Figure | null;
  missing?: string;
  /** A default, an estimate or a figure older than the others, said in words. */
  caveat?: string;
}

const btcPerShare = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

function marketFigure(key: string, label: string, figure: Figure | null | undefined, show: (value: number) => string, formula: string): KeyFigure {
  return {
    key,
    label,
    value: figure && figure.value !== null ? show(figure.value) : null,
    asOf: figure?.asOf ?? null,
    source: figure?.inputs.length ? [...new Set(figure.inputs.map((input) => input.source))].join('; ') : 'computed from the stored inputs',
    formula,
    figure: figure ?? null,
    missing: figure?.missing[0] ?? (figure ? undefined : 'market metrics not computed yet'),
  };
}

export function keyFiguresOf(data: CompanyPageData): KeyFigure[] {
  const { detail, btc } = data;
  const holding = detail.holdings[0]!;
  const market = detail.market;
  const price = data.sharePrices.at(-1) ?? null;
  const gain = unrealizedGain(detail.btcHoldings, holding.averageCostUsd, btc.priceUsd);
  const metrics = detail.metrics;
  const reading = detail.holdingsHistory.findLast((point) => !point.quarantined && point.quantity === detail.btcHoldings);
  return [
    {
      key: 'holdings',
      label: 'Bitcoin held',
      value: formatBtc(detail.btcHoldings),
      asOf: holding.asOf,
      // The reading behind the figure names its source briefly; the companies file's full citation is the fallback.
      source: [reading?.source ?? holding.source, holding.filedAt ? `filed ${holding.filedAt.slice(0, 10)}` : null].filter(Boolean).join(', '),
      sourceUrl: holding.sourceUrl ?? reading?.sourceUrl,
    },
    {
      key: 'btcNav',
      label: 'BTC NAV',
      value: holding.currentValue === null ? null : formatMoney(holding.currentValue),
      asOf: btc.pricedAt,
      source: `holdings above × BTC price${btc.priceUsd ? ` ${formatPrice(btc.priceUsd)}` : ''}${btc.source ? ` (${btc.source})` : ''}`,
      formula: 'BTC NAV = BTC held × the latest stored BTC price',
      missing: holding.currentValue === null ? 'no stored BTC price' : undefined,
      caveat: btc.pricedAt && holding.asOf.slice(0, 10) !== btc.pricedAt.slice(0, 10) ? 'holdings and price carry different dates' : undefined,
    },
    marketFigure('marketCap', 'Market cap', market?.marketCap, formatMoney, marketFormulas.marketCap),
    marketFigure('mNav', 'mNAV (basic)', market?.mNav, formatMultiple, marketFormulas.mNav),
    marketFigure('evMNav', 'EV mNAV', market?.evMNav, formatMultiple, marketFormulas.evMNav),
    marketFigure('dilutedMNav', 'Diluted mNAV', market?.dilutedMNav, formatMultiple, marketFormulas.dilutedMNav),
    {
      key: 'sharePrice',
      label: 'Share price',
      value: price ? formatPrice(price.priceUsd) : null,
      asOf: price?.date ?? null,
      source: price ? `daily close (${price.source})` : 'no close stored',
      missing: price ? undefined : 'no share price stored',
    },
    {
      key: 'shares',
      label: 'Shares outstanding (basic)',
      value: detail.sharesOutstanding === null ? null : detail.sharesOutstanding.toLocaleString('en-US'),
      asOf: null,
      source: detail.sharesNote ?? 'companies file',
      missing: detail.sharesOutstanding === null ? 'no share count stored' : undefined,
      caveat: detail.sharesNote ? undefined : 'date of the count not recorded',
    },
    marketFigure('btcPer1000Shares', 'BTC per 1,000 shares', market?.btcPer1000Shares, (value) => btcPerShare.format(value), marketFormulas.btcPer1000Shares),
    {
      key: 'costBasis',
      label: 'Unrealized gain',
      value: gain ? `${formatMoney(gain.gain)}${gain.gainPercent === null ? '' : ` (${formatPercent(gain.gainPercent)})`}` : null,
      asOf: btc.pricedAt,
      source: holding.averageCostUsd ? `average cost ${formatPrice(holding.averageCostUsd)} per BTC: ${detail.avgCostNote ?? 'date of the average cost not recorded'}` : 'average cost not disclosed',
      formula: 'unrealized gain = BTC held × (BTC price − average cost)',
      missing: gain ? undefined : 'average cost not disclosed',
      caveat: gain ? 'average cost, holdings and price carry different dates: an estimate' : undefined,
    },
    {
      key: 'healthGrade',
      label: 'Health grade',
      value: metrics.healthGrade,
      asOf: metrics.computedAt,
      source: 'computed from the stored inputs (docs/metrics.md)',
      caveat: metrics.provisional ? `provisional: rests mostly on missing inputs (${metrics.missingInputs.join(', ')})` : undefined,
    },
    {
      key: 'aiRiskScore',
      label: 'AI risk score',
      value: metrics.aiRiskScore.toFixed(1),
      asOf: metrics.computedAt,
      source: 'computed from the stored inputs (docs/metrics.md)',
      caveat: metrics.defaults.includes('aiRiskScore') ? 'the documented default: no data for this metric yet' : metrics.missingInputs.length ? `leaves out unknown inputs: ${metrics.missingInputs.join(', ')}` : undefined,
    },
  ];
}
