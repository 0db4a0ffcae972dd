import type { BtcDisclosure } from './btc-disclosure';
import type { OwnershipTransaction, ReportingOwner } from './form4';
import { isoDay } from '../../dates';

// How a filing becomes a signal: its type, severity and confidence (spec 001: 70–99 %). Pure, so
// every rule below is unit-tested.
//
// Severity
//   Bitcoin purchase or sale: critical when it is at least 1 % of the holdings before it, or worth
//     more than $100M, or the company held none before (a new holder); high otherwise.
//   Holdings figure with no purchase or sale stated: high when it moved 1 % or more from the
//     previous figure, medium otherwise.
//   Treasury policy (bitcoin named as a treasury reserve asset, a "bitcoin treasury strategy"): high.
//   Bitcoin mentioned, nothing more: low.
//   Form 4: critical when open-market trades (codes P, S) total more than $100M; high above $10M, or
//     an open-market purchase of $1M or more by an officer or director; medium above $1M or for any
//     open-market purchase; low for grants, exercises, withholding and gifts.
//   Board meeting (8-K item 5.02 or 5.07, DEF 14A): high when the filing mentions bitcoin, medium
//     for the 8-K items, low for a proxy statement.
// Confidence
//   97 figures read from a "BTC Update" table; 90 figures read from sentences; 82 purchase or sale
//   language without figures; 78 treasury-policy language; 70 a bare mention. 95 for a Form 4
//   (structured XML); 88 for 8-K board items (the filer declares them); 80 for a DEF 14A.

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export type SignalType = 'sec-filing' | 'insider-trading' | 'pre-pump' | 'board-meeting' | 'other';
type BtcFilingKind = 'purchase' | 'sale' | 'holdings' | 'treasury-policy' | 'mention';

export interface Assessment {
  severity: Severity;
  confidence: number;
}

export interface BtcAssessment extends Assessment {
  kind: BtcFilingKind;
  quantityBtc: number | undefined;
  valueUsd: number | undefined;
  priorHoldingsBtc: number | undefined;
}

const criticalValueUsd = 100_000_000;
const criticalShareOfHoldings = 0.01;

export function assessBtcFiling(
  disclosure: BtcDisclosure,
  context: { priorHoldingsBtc?: number; btcPriceUsd?: number } = {},
): BtcAssessment | undefined {
  if (!disclosure.mentionsBitcoin) return undefined;
  const { figures } = disclosure;
  const kind: BtcFilingKind =
    (figures.acquiredBtc ?? 0) > 0
      ? 'purchase'
      : (figures.soldBtc ?? 0) > 0
        ? 'sale'
        : disclosure.purchase
          ? 'purchase'
          : disclosure.sale
            ? 'sale'
            : figures.aggregateBtc !== undefined
              ? 'holdings'
              : disclosure.treasuryPolicy
                ? 'treasury-policy'
                : 'mention';
  const quantityBtc = kind === 'purchase' ? figures.acquiredBtc : kind === 'sale' ? figures.soldBtc : undefined;
  const priorHoldingsBtc =
    figures.aggregateBtc !== undefined && quantityBtc !== undefined
      ? figures.aggregateBtc + (kind === 'sale' ? quantityBtc : -quantityBtc)
      : context.priorHoldingsBtc;
  const valueUsd =
    kind === 'purchase' && figures.purchaseCostUsd !== undefined
      ? figures.purchaseCostUsd
      : quantityBtc !== undefined && context.btcPriceUsd
        ? quantityBtc * context.btcPriceUsd
        : undefined;

  const confidence =
    figures.parsedFrom === 'table'
      ? 97
      : figures.parsedFrom === 'text'
        ? 90
        : kind === 'purchase' || kind === 'sale'
          ? 82
          : kind === 'treasury-policy'
            ? 78
            : 70;

  let severity: Severity;
  switch (kind) {
    case 'purchase':
    case 'sale': {
      const share = quantityBtc !== undefined && priorHoldingsBtc ? quantityBtc / priorHoldingsBtc : undefined;
      const newHolder = kind === 'purchase' && quantityBtc !== undefined && priorHoldingsBtc !== undefined && priorHoldingsBtc <= 0;
      severity = newHolder || (share !== undefined && share >= criticalShareOfHoldings) || (valueUsd ?? 0) > criticalValueUsd ? 'critical' : 'high';
      break;
    }
    case 'holdings': {
      const prior = context.priorHoldingsBtc;
      const moved = prior ? Math.abs((figures.aggregateBtc ?? prior) - prior) / prior : undefined;
      severity = moved !== undefined && moved >= criticalShareOfHoldings ? 'high' : 'medium';
      break;
    }
    case 'treasury-policy':
      severity = 'high';
      break;
    case 'mention':
      severity = 'low';
      break;
  }
  return { kind, severity, confidence, quantityBtc, valueUsd, priorHoldingsBtc };
}

/** A company not yet tracked that files about buying or holding bitcoin, or adopting it as a treasury asset. */
export function isTreasuryDiscovery(assessment: BtcAssessment | undefined): boolean {
  return !!assessment && ['purchase', 'holdings', 'treasury-policy'].includes(assessment.kind);
}

export interface InsiderAssessment extends Assessment {
  openMarketValueUsd: number;
  hasOpenMarketPurchase: boolean;
}

export function assessInsiderFiling(transactions: readonly OwnershipTransaction[], owners: readonly ReportingOwner[]): InsiderAssessment {
  const openMarket = transactions.filter((transaction) => transaction.table === 'non-derivative' && (transaction.code === 'P' || transaction.code === 'S'));
  const openMarketValueUsd = openMarket.reduce((sum, transaction) => sum + transaction.shares * (transaction.pricePerShare ?? 0), 0);
  const purchases = openMarket.filter((transaction) => transaction.code === 'P');
  const purchaseValue = purchases.reduce((sum, transaction) => sum + transaction.shares * (transaction.pricePerShare ?? 0), 0);
  const insider = owners.some((owner) => owner.isOfficer || owner.isDirector);
  const severity: Severity =
    openMarketValueUsd > criticalValueUsd
      ? 'critical'
      : openMarketValueUsd > 10_000_000 || (insider && purchaseValue >= 1_000_000)
        ? 'high'
        : openMarketValueUsd > 1_000_000 || purchases.length > 0
          ? 'medium'
          : 'low';
  return { severity, confidence: 95, openMarketValueUsd, hasOpenMarketPurchase: purchases.length > 0 };
}

const boardItems: Readonly<Record<string, string>> = {
  '5.02': 'departure, election or appointment of directors or officers',
  '5.07': 'results of a shareholder vote',
};

/** Null when the filing is not about a board or shareholder meeting. */
export function assessBoardFiling(form: string, items: readonly string[], mentionsBitcoin: boolean | undefined): (Assessment & { reasons: string[] }) | null {
  if (form.startsWith('DEF 14A')) {
    return { severity: mentionsBitcoin ? 'high' : 'low', confidence: 80, reasons: ['proxy statement for a shareholder meeting'] };
  }
  const reasons = items.filter((item) => boardItems[item]).map((item) => `item ${item} (${boardItems[item]})`);
  if (!form.startsWith('8-K') || reasons.length === 0) return null;
  return { severity: mentionsBitcoin ? 'high' : 'medium', confidence: 88, reasons };
}

export function formatBtc(quantity: number): string {
  return quantity.toLocaleString('en-US', { maximumFractionDigits: 8 });
}

/** $1,247.1M, $51.80B, $91,519: the way the filings print them (millions up to $10B). */
export function formatUsd(value: number): string {
  if (Math.abs(value) >= 10e9) return `$${(value / 1e9).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}B`;
  if (Math.abs(value) >= 1e6) return `$${(value / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M`;
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}


/** One line, starting with the company's name (the signal list shows the description's first word as the company). */
export function describeBtcFiling(companyName: string, form: string, disclosure: BtcDisclosure, assessment: BtcAssessment): string {
  const { figures } = disclosure;
  const parts: string[] = [];
  if (assessment.kind === 'purchase' && figures.acquiredBtc !== undefined) {
    let bought = `${companyName} acquired ${formatBtc(figures.acquiredBtc)} BTC`;
    if (figures.purchaseCostUsd !== undefined) bought += ` for ${formatUsd(figures.purchaseCostUsd)}`;
    if (figures.averagePurchasePriceUsd !== undefined) bought += ` (avg ${formatUsd(figures.averagePurchasePriceUsd)})`;
    if (figures.periodStart && figures.periodEnd) bought += ` between ${isoDay(figures.periodStart)} and ${isoDay(figures.periodEnd)}`;
    parts.push(bought);
  } else if (assessment.kind === 'sale' && figures.soldBtc !== undefined) {
    parts.push(`${companyName} sold ${formatBtc(figures.soldBtc)} BTC`);
  } else if (assessment.kind === 'purchase') {
    parts.push(`${companyName} reports bitcoin purchases`);
  } else if (assessment.kind === 'sale') {
    parts.push(`${companyName} reports bitcoin sales`);
  } else if (assessment.kind === 'treasury-policy') {
    parts.push(`${companyName} describes a bitcoin treasury policy`);
  } else if (assessment.kind === 'mention') {
    parts.push(`${companyName} mentions bitcoin`);
  }
  if (figures.aggregateBtc !== undefined) {
    let holds = `${parts.length ? 'holds' : `${companyName} holds`} ${formatBtc(figures.aggregateBtc)} BTC`;
    if (figures.asOf) holds += ` as of ${isoDay(figures.asOf)}`;
    if (figures.averageCostUsd !== undefined) holds += ` (avg cost ${formatUsd(figures.averageCostUsd)})`;
    parts.push(holds);
  }
  return `${parts.join('; ')} (SEC ${form}).`;
}

export function describeInsiderFiling(
  companyName: string,
  owner: ReportingOwner | undefined,
  transactions: readonly OwnershipTransaction[],
  form: string,
): string {
  const who = owner ? `${owner.name}${owner.role ? ` (${owner.role})` : ''}` : 'An insider';
  const nonDerivative = transactions.filter((transaction) => transaction.table === 'non-derivative');
  const summarise = (code: string, verb: string) => {
    const rows = nonDerivative.filter((transaction) => transaction.code === code);
    if (rows.length === 0) return undefined;
    const shares = rows.reduce((sum, row) => sum + row.shares, 0);
    const value = rows.reduce((sum, row) => sum + row.shares * (row.pricePerShare ?? 0), 0);
    return `${verb} ${formatBtc(shares)} shares${value > 0 ? ` for ${formatUsd(value)} (avg ${formatUsd(value / shares)})` : ''}`;
  };
  const actions = [summarise('P', 'bought'), summarise('S', 'sold')].filter(Boolean);
  if (actions.length === 0) {
    const codes = [...new Set(transactions.map((transaction) => transaction.code))].join(', ');
    actions.push(`reported ${transactions.length} transaction${transactions.length === 1 ? '' : 's'} (codes ${codes || 'none'})`);
  }
  const dates = [...new Set(transactions.map((transaction) => transaction.date))].sort();
  const when = dates.length ? ` on ${dates[0]}${dates.length > 1 ? ` to ${dates.at(-1)}` : ''}` : '';
  return `${companyName}: ${who} ${actions.join(' and ')}${when} (SEC Form ${form}).`;
}
