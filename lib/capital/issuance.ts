// The issuance tracker (docs/metrics.md, "Capital structure and KPIs"): every purchase and capital
// raise the filings report, and for each raise what it did to BTC per share. A common-stock raise is
// accretive when its issue price exceeds BTC NAV per assumed diluted share that week (equivalently,
// when BTC per share after the raise and the bitcoin it bought exceeds BTC per share before). A
// preferred or debt raise adds no common shares: it shows the BTC per share it bought and the senior
// claim it added (the change in amplification) instead of a verdict. Pure functions.
import { latestOnOrBefore } from '../treasury/market-metrics';
import { addDays } from '../dates';
import { btcPriceAt, shareCountAt, type KpiInputs, type ShareBasis, type ShareCountAt } from './kpis';

export interface CapitalEventRow {
  id: string;
  eventType: string;
  filingDate: string | null;
  accession: string;
  periodStart: string | null;
  periodEnd: string | null;
  security: string | null;
  btcAcquired: number | null;
  costUsd: number | null;
  avgPriceUsd: number | null;
  holdingsAfter: number | null;
  holdingsAsOf: string | null;
  cumulativeCostUsd: number | null;
  cumulativeAvgPriceUsd: number | null;
  sharesSold: number | null;
  notionalUsd: number | null;
  netProceedsUsd: number | null;
  availableAfterUsd: number | null;
  source: string;
  notes: string | null;
}

interface Accretion {
  basis: ShareBasis;
  sharesBefore: ShareCountAt;
  btcHeldBefore: number;
  btcHeldAsOf: string;
  /** The week's average purchase price when the 8-K gives one, else the stored BTC price at the period's end. */
  btcPriceUsd: number;
  btcPriceBasis: string;
  issuePriceUsd: number;
  navPerShareUsd: number;
  btcBought: number;
  btcPerShareBefore: number;
  btcPerShareAfter: number;
}

interface SeniorRaise {
  btcBought: number;
  btcPriceUsd: number;
  btcPriceBasis: string;
  /** BTC bought ÷ common shares (the basis's count before the raise). */
  btcPerShareBought: number | null;
  sharesBasis: ShareBasis | null;
  /** (debt + preferred) ÷ BTC NAV before and after the raise, with the totals' dates; null when the notional sold is not stated. */
  amplificationBefore: number | null;
  amplificationAfter: number | null;
  amplificationChange: number | null;
  claimsAsOf: string | null;
  reason: string | null;
}

export interface IssuanceEvent extends CapitalEventRow {
  /** common | preferred | null (a purchase) */
  raiseKind: 'common' | 'preferred' | null;
  issuePriceUsd: number | null;
  accretive: boolean | null;
  accretion: Accretion | null;
  seniorRaise: SeniorRaise | null;
  /** Why no verdict or effect could be computed. */
  reason: string | null;
}

/** Debt + preferred at notional as stated on or before a day, and the newest date of the amounts. */
type ClaimsAt = (date: string) => { valueUsd: number; asOf: string | null } | null;

export interface IssuanceInputs {
  kpi: KpiInputs;
  /** The share basis of the accretion check (assumed diluted where stored). */
  basis: ShareBasis | null;
  claimsAt: ClaimsAt;
}

/** The BTC price a raise's proceeds bought at: the same period's average purchase price, else the stored price at its end. */
function priceFor(events: readonly CapitalEventRow[], event: CapitalEventRow, inputs: KpiInputs): { value: number; basis: string } | null {
  const purchase = events.find(
    (other) => other.eventType === 'btc_purchase' && other.accession === event.accession && other.periodEnd === event.periodEnd && other.avgPriceUsd !== null && (other.btcAcquired ?? 0) > 0,
  );
  if (purchase?.avgPriceUsd) return { value: purchase.avgPriceUsd, basis: `average purchase price of ${purchase.periodStart}–${purchase.periodEnd} (8-K)` };
  const stored = event.periodEnd ? btcPriceAt(inputs.btcPrices, event.periodEnd) : null;
  return stored ? { value: stored.value, basis: `BTC price of ${stored.date} (${stored.source})` } : null;
}

function commonAccretion(event: CapitalEventRow, price: { value: number; basis: string }, inputs: IssuanceInputs): Accretion | string {
  if (!inputs.basis) return 'no share count of a point-in-time basis stored';
  if (!event.periodStart || !event.periodEnd) return 'the period of the sale is not stated';
  if (!event.sharesSold || !event.netProceedsUsd) return 'shares sold or net proceeds not stated';
  const before = addDays(event.periodStart, -1);
  const shares = shareCountAt(inputs.kpi, inputs.basis, before);
  if (!shares.ok) return shares.reason;
  const held = latestOnOrBefore(inputs.kpi.holdings, before);
  if (!held) return `no holdings reading on or before ${before}`;
  const issuePriceUsd = event.netProceedsUsd / event.sharesSold;
  const btcBought = event.netProceedsUsd / price.value;
  const btcPerShareBefore = held.value / shares.value.shares;
  return {
    basis: inputs.basis,
    sharesBefore: shares.value,
    btcHeldBefore: held.value,
    btcHeldAsOf: held.date,
    btcPriceUsd: price.value,
    btcPriceBasis: price.basis,
    issuePriceUsd,
    navPerShareUsd: btcPerShareBefore * price.value,
    btcBought,
    btcPerShareBefore,
    btcPerShareAfter: (held.value + btcBought) / (shares.value.shares + event.sharesSold),
  };
}

function seniorRaise(event: CapitalEventRow, price: { value: number; basis: string }, inputs: IssuanceInputs): SeniorRaise | string {
  if (!event.netProceedsUsd || !event.periodEnd) return 'net proceeds or period not stated';
  const btcBought = event.netProceedsUsd / price.value;
  const before = addDays(event.periodStart ?? event.periodEnd, -1);
  const shares = inputs.basis ? shareCountAt(inputs.kpi, inputs.basis, before) : null;
  const held = latestOnOrBefore(inputs.kpi.holdings, before);
  const claims = inputs.claimsAt(before);
  const answer: SeniorRaise = {
    btcBought,
    btcPriceUsd: price.value,
    btcPriceBasis: price.basis,
    btcPerShareBought: shares?.ok ? btcBought / shares.value.shares : null,
    sharesBasis: shares?.ok ? inputs.basis : null,
    amplificationBefore: null,
    amplificationAfter: null,
    amplificationChange: null,
    claimsAsOf: claims?.asOf ?? null,
    reason: null,
  };
  if (!held || !claims) return { ...answer, reason: !held ? `no holdings reading on or before ${before}` : 'no debt or preferred amounts stated before the raise' };
  if (event.notionalUsd === null) return { ...answer, reason: 'the 8-K table states no notional for this sale: the claim added is unknown' };
  const navBefore = held.value * price.value;
  const amplificationBefore = claims.valueUsd / navBefore;
  const amplificationAfter = (claims.valueUsd + event.notionalUsd) / (navBefore + event.netProceedsUsd);
  return { ...answer, amplificationBefore, amplificationAfter, amplificationChange: amplificationAfter - amplificationBefore };
}

/** Every stored purchase and raise, oldest first, each raise with its accretion check or its senior-claim effect. */
export function issuanceEvents(events: readonly CapitalEventRow[], inputs: IssuanceInputs): IssuanceEvent[] {
  const sorted = [...events].sort((a, b) => ((a.periodEnd ?? a.filingDate ?? '') < (b.periodEnd ?? b.filingDate ?? '') ? -1 : 1));
  return sorted.map((event): IssuanceEvent => {
    const base: IssuanceEvent = { ...event, raiseKind: null, issuePriceUsd: null, accretive: null, accretion: null, seniorRaise: null, reason: null };
    if (event.eventType !== 'atm_sale' || !event.security) return base;
    const raiseKind = event.security === inputs.kpi.commonSecurity ? 'common' : 'preferred';
    const issuePriceUsd = event.netProceedsUsd && event.sharesSold ? event.netProceedsUsd / event.sharesSold : null;
    const price = priceFor(events, event, inputs.kpi);
    if (!price) return { ...base, raiseKind, issuePriceUsd, reason: 'no BTC price for the period' };
    if (raiseKind === 'common') {
      const accretion = commonAccretion(event, price, inputs);
      if (typeof accretion === 'string') return { ...base, raiseKind, issuePriceUsd, reason: accretion };
      return { ...base, raiseKind, issuePriceUsd, accretion, accretive: accretion.btcPerShareAfter > accretion.btcPerShareBefore };
    }
    const effect = seniorRaise(event, price, inputs);
    if (typeof effect === 'string') return { ...base, raiseKind, issuePriceUsd, reason: effect };
    return { ...base, raiseKind, issuePriceUsd, seniorRaise: effect, reason: effect.reason };
  });
}
