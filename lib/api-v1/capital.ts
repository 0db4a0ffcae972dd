import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { getCapitalStructure, getCompanyKpis, getIssuance, getMnavHistoryByBasis, type CapitalStructureView, type KpiAnswer, type KpisView, type KpiWindow, type IssuanceView } from '@/lib/capital/service';
import type { MnavBasis } from '@/lib/capital/mnav-basis';
import type { ShareBasis, WindowEnd } from '@/lib/capital/kpis';
import type { Stated, StackInstrument } from '@/lib/capital/stack';
import type { Cell } from '../csv';
import type { ExportSource } from './exports';
import { newest } from './meta';
import type { capitalStructureSchema, issuanceSchema, kpisSchema } from './capital-schema';

// The capital endpoints of /api/v1: lib/capital's views mapped to the versioned schema, and the same
// rows as CSV (?format=csv) with the title, as-of date and sources lines every export opens with.

const midnight = (day: string | null | undefined) => (day ? `${day}T00:00:00.000Z` : null);
const fileStem = (ticker: string, what: string) => `${ticker.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${what}`;

async function* rowsOf(rows: readonly Record<string, Cell>[]) {
  yield* rows;
}

const statedOrNull = <Value>(figure: Stated<Value> | null) => (figure ? { value: figure.value, asOf: figure.asOf, source: figure.source } : null);

function toInstrument(instrument: StackInstrument): z.input<typeof capitalStructureSchema>['instruments'][number] {
  const rating = instrument.btcRating;
  return {
    id: instrument.id,
    name: instrument.name,
    ticker: instrument.ticker,
    kind: instrument.kind,
    currency: instrument.currency,
    issueDate: instrument.issueDate,
    maturityDate: instrument.maturityDate,
    ratePercent: statedOrNull(instrument.rate),
    notional: statedOrNull(instrument.notional),
    notionalBasis: instrument.notionalBasis,
    availableAtm: statedOrNull(instrument.available),
    conversionPrice: statedOrNull(instrument.conversionPrice),
    conversionShares: statedOrNull(instrument.conversionShares),
    liquidationPreferencePerShare: statedOrNull(instrument.liquidationPrefPerShare),
    sharesOutstanding: statedOrNull(instrument.sharesOutstanding),
    seniority: statedOrNull(instrument.seniority),
    annualCostUsd: instrument.annualCostUsd,
    btcRating: rating.value === null ? { value: null, claimsUsd: null, seniorClaims: [], reason: rating.reason } : { value: rating.value, claimsUsd: rating.claimsUsd, seniorClaims: rating.senior, reason: null },
    sources: instrument.sources,
    notes: instrument.notes,
  };
}

function capitalStructureData(view: CapitalStructureView): z.input<typeof capitalStructureSchema> {
  return {
    company: view.company,
    asOf: view.asOf,
    instruments: view.instruments.map(toInstrument),
    btcNav: view.btcNav,
    debt: view.debt,
    preferred: view.preferred,
    amplification: view.amplification,
    annualObligations: view.annualObligations,
    coverage: view.coverage,
    converts: view.converts,
    reported: view.reported,
  };
}

const capitalSources = (view: CapitalStructureView) =>
  [...new Set([...view.instruments.flatMap((instrument) => instrument.sources), view.btcNav?.btcHeld.source, view.btcNav?.btcPriceUsd.source].filter((source): source is string => Boolean(source)))].sort();

export async function v1CapitalStructure(db: Db, id: string) {
  const view = await getCapitalStructure(db, id);
  const dates = view.instruments.flatMap((instrument) => [instrument.notional?.asOf, instrument.rate?.asOf]);
  return { view, body: { data: capitalStructureData(view), meta: { asOf: midnight(newest([view.asOf, ...dates])), sources: capitalSources(view), nextCursor: null } } };
}

export function capitalStructureCsv(view: CapitalStructureView): ExportSource {
  const amplification = view.amplification.value === null ? `not computed (${view.amplification.reason})` : view.amplification.value.toFixed(4);
  return {
    title: `${view.company.name} (${view.company.ticker}) capital structure at notional; amplification ${amplification}`,
    fileName: fileStem(view.company.ticker, 'capital-structure'),
    asOf: midnight(view.asOf),
    sources: capitalSources(view),
    columns: ['instrument', 'kind', 'currency', 'notional', 'notional_as_of', 'rate_percent', 'rate_as_of', 'maturity', 'conversion_price', 'conversion_shares', 'seniority', 'btc_rating', 'btc_rating_note'].map((key) => ({ key, label: key })),
    rows: rowsOf(
      view.instruments.map((instrument) => ({
        instrument: instrument.name,
        kind: instrument.kind,
        currency: instrument.currency,
        notional: instrument.notional?.value ?? null,
        notional_as_of: instrument.notional?.asOf ?? null,
        rate_percent: instrument.rate?.value ?? null,
        rate_as_of: instrument.rate?.asOf ?? null,
        maturity: instrument.maturityDate,
        conversion_price: instrument.conversionPrice?.value ?? null,
        conversion_shares: instrument.conversionShares?.value ?? null,
        seniority: instrument.seniority?.value ?? null,
        btc_rating: instrument.btcRating.value,
        btc_rating_note: instrument.btcRating.value === null ? instrument.btcRating.reason : `claims counted: ${instrument.btcRating.senior.join(', ') || 'itself'}`,
      })),
    ),
  };
}

const endOf = (side: WindowEnd) => ({
  date: side.date,
  btcHeld: side.btcHeld,
  btcHeldAsOf: side.btcHeldAsOf,
  btcHeldSource: side.btcHeldSource,
  shares: side.shares.shares,
  shareCountDate: side.shares.countDate,
  shareCountSource: side.shares.countSource,
  derived: side.shares.derived,
  addedShares: side.shares.addedShares,
  note: side.shares.note,
});

function kpiFigures(answer: KpiAnswer | null, fallback: string) {
  if (!answer || !answer.ok) {
    const none = { basis: null, from: null, to: null, reason: answer && !answer.ok ? answer.reason : fallback };
    return { btcYield: { valuePercent: null, ...none }, btcGain: { valueBtc: null, ...none }, btcDollarGain: { valueUsd: null, btcPriceUsd: null, btcPriceAsOf: null, ...none } };
  }
  const common = { basis: answer.basis, from: endOf(answer.from), to: endOf(answer.to), reason: null };
  return {
    btcYield: { valuePercent: answer.btcYieldPercent, ...common },
    btcGain: { valueBtc: answer.btcGain, ...common },
    btcDollarGain: {
      valueUsd: answer.btcDollarGain,
      btcPriceUsd: answer.btcPriceUsd,
      btcPriceAsOf: answer.btcPriceAsOf,
      ...common,
      reason: answer.btcDollarGain === null ? `no BTC price within 4 days before ${answer.to.date}` : null,
    },
  };
}

function toKpiWindow({ name, from, to, kpi }: KpiWindow): z.input<typeof kpisSchema>['windows'][number] {
  return {
    name,
    from,
    to,
    btcYieldPercent: kpi.ok ? kpi.btcYieldPercent : null,
    btcGainBtc: kpi.ok ? kpi.btcGain : null,
    btcDollarGainUsd: kpi.ok ? kpi.btcDollarGain : null,
    fromShareCountDate: kpi.ok ? kpi.from.shares.countDate : null,
    toShareCountDate: kpi.ok ? kpi.to.shares.countDate : null,
    derived: kpi.ok && (kpi.from.shares.derived || kpi.to.shares.derived),
    reason: kpi.ok ? null : kpi.reason,
  };
}

function kpisData(view: KpisView): z.input<typeof kpisSchema> {
  return {
    company: view.company,
    basis: view.basis,
    basisLabel: view.basisLabel,
    availableBases: view.availableBases,
    from: view.window?.from ?? null,
    to: view.window?.to ?? null,
    ...kpiFigures(view.window?.kpi ?? null, view.reason ?? 'no window'),
    windows: view.windows.map(toKpiWindow),
    daysToCoverMnav: view.daysToCoverMnav,
    companyFigure: view.companyFigure,
    reason: view.reason,
  };
}

const kpiSources = (view: KpisView) => {
  const sides = [view.window, ...view.windows].flatMap((window) => (window?.kpi.ok ? [window.kpi.from, window.kpi.to] : []));
  return [...new Set(sides.flatMap((side) => [side.btcHeldSource, side.shares.countSource]).concat(view.companyFigure ? [view.companyFigure.source] : []))].sort();
};

export async function v1Kpis(db: Db, id: string, query: { from?: string; to?: string; basis?: ShareBasis }) {
  const view = await getCompanyKpis(db, id, query);
  return { view, body: { data: kpisData(view), meta: { asOf: midnight(view.window?.to), sources: kpiSources(view), nextCursor: null } } };
}

export function kpisCsv(view: KpisView): ExportSource {
  const windows = [...(view.window ? [view.window] : []), ...view.windows];
  return {
    title: `${view.company.name} (${view.company.ticker}) BTC Yield, BTC Gain and BTC $ Gain; basis: ${view.basisLabel ?? 'none'}`,
    fileName: fileStem(view.company.ticker, 'kpis'),
    asOf: midnight(view.window?.to),
    sources: kpiSources(view),
    columns: ['window', 'from', 'to', 'btc_yield_percent', 'btc_gain_btc', 'btc_dollar_gain_usd', 'from_share_count_date', 'to_share_count_date', 'derived', 'note'].map((key) => ({ key, label: key })),
    rows: rowsOf(
      windows.map(toKpiWindow).map((window) => ({
        window: window.name,
        from: window.from,
        to: window.to,
        btc_yield_percent: window.btcYieldPercent,
        btc_gain_btc: window.btcGainBtc,
        btc_dollar_gain_usd: window.btcDollarGainUsd,
        from_share_count_date: window.fromShareCountDate,
        to_share_count_date: window.toShareCountDate,
        derived: window.btcYieldPercent === null ? null : String(window.derived),
        note: window.reason,
      })),
    ),
  };
}

function issuanceData(view: IssuanceView): z.input<typeof issuanceSchema> {
  return {
    company: view.company,
    basis: view.basis,
    events: view.events.map((event) => ({
      id: event.id,
      type: event.eventType,
      filingDate: event.filingDate,
      accession: event.accession,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      security: event.security,
      btcAcquired: event.btcAcquired,
      costUsd: event.costUsd,
      averagePriceUsd: event.avgPriceUsd,
      holdingsAfterBtc: event.holdingsAfter,
      holdingsAsOf: event.holdingsAsOf,
      sharesSold: event.sharesSold,
      notionalUsd: event.notionalUsd,
      netProceedsUsd: event.netProceedsUsd,
      raiseKind: event.raiseKind,
      issuePriceUsd: event.issuePriceUsd,
      accretive: event.accretive,
      accretion: event.accretion && {
        basis: event.accretion.basis,
        sharesBefore: event.accretion.sharesBefore.shares,
        shareCountDate: event.accretion.sharesBefore.countDate,
        derived: event.accretion.sharesBefore.derived,
        btcHeldBefore: event.accretion.btcHeldBefore,
        btcHeldAsOf: event.accretion.btcHeldAsOf,
        btcPriceUsd: event.accretion.btcPriceUsd,
        btcPriceBasis: event.accretion.btcPriceBasis,
        navPerShareUsd: event.accretion.navPerShareUsd,
        btcBought: event.accretion.btcBought,
        btcPerShareBefore: event.accretion.btcPerShareBefore,
        btcPerShareAfter: event.accretion.btcPerShareAfter,
      },
      seniorRaise: event.seniorRaise,
      reason: event.reason,
      source: event.source,
    })),
  };
}

export async function v1Issuance(db: Db, id: string) {
  const view = await getIssuance(db, id);
  const dates = view.events.map((event) => event.periodEnd ?? event.filingDate);
  return { view, body: { data: issuanceData(view), meta: { asOf: midnight(newest(dates)), sources: [...new Set(view.events.map((event) => event.source))].sort(), nextCursor: null } } };
}

export function issuanceCsv(view: IssuanceView): ExportSource {
  return {
    title: `${view.company.name} (${view.company.ticker}) purchases and capital raises; accretion on ${view.basis ?? 'no share basis'}`,
    fileName: fileStem(view.company.ticker, 'issuance'),
    asOf: midnight(newest(view.events.map((event) => event.periodEnd ?? event.filingDate))),
    sources: [...new Set(view.events.map((event) => event.source))].sort(),
    columns: ['filing_date', 'accession', 'type', 'period_start', 'period_end', 'security', 'btc_acquired', 'cost_usd', 'average_price_usd', 'shares_sold', 'net_proceeds_usd', 'issue_price_usd', 'nav_per_share_usd', 'accretive', 'amplification_change', 'note'].map(
      (key) => ({ key, label: key }),
    ),
    rows: rowsOf(
      view.events.map((event) => ({
        filing_date: event.filingDate,
        accession: event.accession,
        type: event.eventType,
        period_start: event.periodStart,
        period_end: event.periodEnd,
        security: event.security,
        btc_acquired: event.btcAcquired,
        cost_usd: event.costUsd,
        average_price_usd: event.avgPriceUsd,
        shares_sold: event.sharesSold,
        net_proceeds_usd: event.netProceedsUsd,
        issue_price_usd: event.issuePriceUsd,
        nav_per_share_usd: event.accretion?.navPerShareUsd ?? null,
        accretive: event.accretive === null ? null : String(event.accretive),
        amplification_change: event.seniorRaise?.amplificationChange ?? null,
        note: event.reason,
      })),
    ),
  };
}

/** mNAV on a non-basic basis as an export: one point per day with every input stored. */
export async function mnavBasisExport(db: Db, id: string, basis: Exclude<MnavBasis, 'basic'>): Promise<ExportSource> {
  const { company, series } = await getMnavHistoryByBasis(db, id, basis);
  const skipped = series.skippedDays ? `; ${series.skippedDays} days without every input left out (first: ${series.firstReason})` : '';
  return {
    title: `${company.name} (${company.ticker}) mNAV history; basis: ${basis}: ${series.formula}${skipped}`,
    fileName: fileStem(company.ticker, `mnav-history-${basis}`),
    asOf: midnight(series.points.at(-1)?.date),
    sources: ['holdings: filings, the company’s own file and the holdings history', 'BTC price: stored daily prices', 'market capitalisation, debt, preferred, cash: stored company figures', 'converts: capital structure'],
    columns: [
      { key: 'as_of', label: 'Date' },
      { key: 'mnav_multiple', label: 'mNAV' },
    ],
    rows: rowsOf(series.points.map((point) => ({ as_of: midnight(point.date), mnav_multiple: point.mNav }))),
  };
}
