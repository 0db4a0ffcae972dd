// The capital stack (docs/metrics.md, "Capital structure and KPIs"): a company's instrument
// observations merged into one line per instrument, each field with the date it was stated; totals
// of debt and preferred at notional, amplification, BTC rating per instrument (only where the filings
// state the order of claims), annual coupons and dividends with their coverage, and the converts in
// or out of the money. Pure functions; amounts in US dollars (other currencies are listed, not added).

export interface InstrumentRow {
  instrumentKey: string;
  kind: string;
  currency: string;
  issueDate: string | null;
  maturityDate: string | null;
  ratePct: number | null;
  rateAsOf: string | null;
  amount: number | null;
  amountBasis: string | null;
  amountAsOf: string | null;
  conversionRate: number | null;
  conversionPrice: number | null;
  conversionShares: number | null;
  liquidationPrefPerShare: number | null;
  sharesOutstanding: number | null;
  sharesAsOf: string | null;
  seniority: string | null;
  source: string;
  notes: string | null;
}

export interface Stated<Value> {
  value: Value;
  /** The date the source states it for; null when the source gives none. */
  asOf: string | null;
  source: string;
}

/** `unorderedAgainst`: the claim no filing read orders this one against, when that is why there is no rating. */
type RatingAnswer = { value: number; claimsUsd: number; senior: string[] } | { value: null; reason: string; unorderedAgainst?: string };

export interface StackInstrument {
  /** Stable id: the instrument's name made URL-safe. */
  id: string;
  /** The name as the filing writes it; a preferred's name is its ticker (STRF). */
  name: string;
  ticker: string | null;
  kind: string;
  currency: string;
  issueDate: string | null;
  maturityDate: string | null;
  rate: Stated<number> | null;
  /** Principal or notional (face) outstanding, never carrying value; ATM capacity is `available`. */
  notional: Stated<number> | null;
  notionalBasis: string | null;
  available: Stated<number> | null;
  conversionPrice: Stated<number> | null;
  conversionShares: Stated<number> | null;
  conversionRate: Stated<number> | null;
  liquidationPrefPerShare: Stated<number> | null;
  sharesOutstanding: Stated<number> | null;
  seniority: Stated<string> | null;
  annualCostUsd: number | null;
  btcRating: RatingAnswer;
  sources: string[];
  notes: string[];
}

const isDebt = (kind: string) => kind === 'convertible_note' || kind === 'loan';
const isPreferred = (kind: string) => kind.startsWith('preferred');
const tickerPattern = /^[A-Z]{3,5}$/;

const idOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-|-$/g, '');

const rowDate = (row: InstrumentRow) => row.amountAsOf ?? row.rateAsOf ?? row.sharesAsOf;

/** The latest stated value of one field over a instrument's observations (undated ones count as oldest). */
function latestStated<Value>(rows: readonly InstrumentRow[], pick: (row: InstrumentRow) => Value | null, dateOf: (row: InstrumentRow) => string | null): Stated<Value> | null {
  let best: Stated<Value> | null = null;
  for (const row of rows) {
    const value = pick(row);
    if (value === null) continue;
    const asOf = dateOf(row);
    if (!best || (asOf ?? '') >= (best.asOf ?? '')) best = { value, asOf, source: row.source };
  }
  return best;
}

/** Observations stated on or before `date` (undated terms always count) of the instruments issued by then. */
export function rowsAsOf(rows: readonly InstrumentRow[], date: string): InstrumentRow[] {
  // An instrument issued after the day (a month or year alone compared at its own length) was no claim then,
  // though its undated terms and rankings would otherwise count.
  const notYetIssued = new Set(rows.filter((row) => row.issueDate && row.issueDate > date.slice(0, row.issueDate.length)).map((row) => row.instrumentKey));
  return rows.filter((row) => {
    if (notYetIssued.has(row.instrumentKey)) return false;
    const dates = [row.amountAsOf, row.rateAsOf, row.sharesAsOf].filter((value): value is string => value !== null);
    return dates.every((value) => value <= date);
  });
}

/**
 * Every ranking stated for an instrument, joined: each filing names some of the others (STRD's own
 * 8-K names STRF and STRK, the later quarterly update all four), and together they order the claims.
 * Dated by the newest filing the statements name ("… of YYYY-MM-DD)", as seniority.csv writes them).
 */
function statedSeniority(rows: readonly InstrumentRow[]): Stated<string> | null {
  const stating = rows.filter((row) => row.seniority);
  if (!stating.length) return null;
  const texts = [...new Set(stating.map((row) => row.seniority!))];
  const dates = texts.flatMap((text) => [...text.matchAll(/ of (\d{4}-\d{2}-\d{2})\)/g)].map((match) => match[1]!)).sort();
  return { value: texts.join('; '), asOf: dates.at(-1) ?? null, source: [...new Set(stating.map((row) => row.source))].join('; ') };
}

function mergeInstrument(name: string, rows: readonly InstrumentRow[]): Omit<StackInstrument, 'annualCostUsd' | 'btcRating'> {
  const first = rows[0]!;
  const isAtm = first.kind === 'atm_program';
  const amount = latestStated(rows, (row) => row.amount, (row) => row.amountAsOf);
  const basis = amount ? (rows.find((row) => row.amount === amount.value && row.amountAsOf === amount.asOf)?.amountBasis ?? null) : null;
  return {
    id: idOf(name),
    name,
    ticker: tickerPattern.test(name) ? name : null,
    kind: first.kind,
    currency: first.currency,
    issueDate: rows.find((row) => row.issueDate)?.issueDate ?? null,
    maturityDate: rows.find((row) => row.maturityDate)?.maturityDate ?? null,
    rate: latestStated(rows, (row) => row.ratePct, (row) => row.rateAsOf),
    notional: isAtm ? null : amount,
    notionalBasis: isAtm ? null : basis,
    available: isAtm ? amount : null,
    conversionPrice: latestStated(rows, (row) => row.conversionPrice, rowDate),
    conversionShares: latestStated(rows, (row) => row.conversionShares, rowDate),
    conversionRate: latestStated(rows, (row) => row.conversionRate, rowDate),
    liquidationPrefPerShare: latestStated(rows, (row) => row.liquidationPrefPerShare, rowDate),
    sharesOutstanding: latestStated(rows, (row) => row.sharesOutstanding, (row) => row.sharesAsOf),
    seniority: statedSeniority(rows),
    sources: [...new Set(rows.map((row) => row.source))],
    notes: [...new Set(rows.map((row) => row.notes).filter((note): note is string => Boolean(note)))],
  };
}

interface Total {
  valueUsd: number;
  /** The oldest and newest dates of the amounts added. */
  oldestAsOf: string | null;
  newestAsOf: string | null;
  /** How the total was formed, and what was left out and why. */
  basis: string;
  excluded: string[];
}

export interface CapitalStackInputs {
  rows: readonly InstrumentRow[];
  btcHeld: Stated<number> | null;
  btcPriceUsd: Stated<number> | null;
  /** Cash the company states (Strategy: its USD Reserve). */
  usdReserve: Stated<number> | null;
  /** Latest close of the common stock in USD. */
  sharePriceUsd: Stated<number> | null;
}

interface Moneyness {
  instrumentId: string;
  name: string;
  conversionPriceUsd: number;
  sharePriceUsd: number;
  sharePriceAsOf: string | null;
  inTheMoney: boolean;
  /** The shares a conversion would add (as the filing states its maximum), and that figure's date. */
  sharesIfConverted: number | null;
  sharesAsOf: string | null;
}

export interface CapitalStack {
  instruments: StackInstrument[];
  btcNav: { valueUsd: number; btcHeld: Stated<number>; btcPriceUsd: Stated<number> } | null;
  debt: Total | null;
  preferred: Total | null;
  /** `leftOut`: claims not in the figure (no USD notional), so a partial figure says what it lacks. */
  amplification: { value: number | null; reason: string | null; formula: string; leftOut: string[] };
  annualObligations: (Total & { interestUsd: number; dividendsUsd: number }) | null;
  coverage: { btcYears: number | null; usdReserveMonths: number | null; usdReserve: Stated<number> | null; reason: string | null };
  converts: Moneyness[];
}

const amplificationFormula = 'amplification = (debt + preferred, at notional) ÷ BTC NAV (BTC held × BTC price)';

function total(instruments: readonly StackInstrument[], include: (kind: string) => boolean, aggregate: StackInstrument | null): Total | null {
  const members = instruments.filter((instrument) => include(instrument.kind));
  if (!members.length && !aggregate) return null;
  const excluded: string[] = [];
  const counted: Stated<number>[] = [];
  for (const instrument of members) {
    if (!instrument.notional) excluded.push(`${instrument.name}: no notional stated`);
    else if (instrument.currency !== 'USD') excluded.push(`${instrument.name}: amounts in ${instrument.currency}, not converted`);
    else counted.push(instrument.notional);
  }
  // A retired series (amount 0) dates nothing that is still outstanding.
  const dates = counted
    .filter((amount) => amount.value > 0)
    .map((amount) => amount.asOf)
    .filter((date): date is string => date !== null)
    .sort();
  // A stated aggregate newer than every series' amount stands for the series (which were retired is not known).
  if (aggregate?.notional && aggregate.currency === 'USD' && (aggregate.notional.asOf ?? '') > (dates.at(-1) ?? '')) {
    return {
      valueUsd: aggregate.notional.value,
      oldestAsOf: aggregate.notional.asOf,
      newestAsOf: aggregate.notional.asOf,
      basis: `${aggregate.name} as stated on ${aggregate.notional.asOf}; per-series amounts are older (${dates[0] ?? 'undated'})`,
      excluded,
    };
  }
  if (!counted.length) return { valueUsd: 0, oldestAsOf: null, newestAsOf: null, basis: 'no USD amount stated', excluded };
  return {
    valueUsd: counted.reduce((sum, amount) => sum + amount.value, 0),
    oldestAsOf: dates[0] ?? null,
    newestAsOf: dates.at(-1) ?? null,
    basis: `sum of ${counted.length} instrument${counted.length === 1 ? '' : 's'}, each at its latest stated amount`,
    excluded,
  };
}

type Level = { tier: 'debt'; rank: number } | { tier: 'preferred'; juniorTo: string[]; seniorTo: string[] } | null;

/** The ranking a filing states, read from the seniority text: secured before unsecured debt, preferreds after all debt, named preferreds by name. */
function levelOf(instrument: Pick<StackInstrument, 'kind' | 'seniority'>): Level {
  const text = instrument.seniority?.value ?? '';
  if (!text) return null;
  if (isDebt(instrument.kind)) {
    if (/senior secured/i.test(text)) return { tier: 'debt', rank: 0 };
    if (/senior unsecured/i.test(text)) return { tier: 'debt', rank: 1 };
    return null;
  }
  if (isPreferred(instrument.kind) && /junior to all indebtedness/i.test(text)) {
    // "senior to STRC, STRK and STRD": every ticker of the list after the word.
    const names = (word: 'junior' | 'senior') =>
      [...text.matchAll(new RegExp(`${word} to ([A-Z]{3,5}(?:(?:, and |, | and )[A-Z]{3,5})*)\\b`, 'g'))].flatMap((match) => match[1]!.split(/, and |, | and /));
    return { tier: 'preferred', juniorTo: names('junior'), seniorTo: names('senior') };
  }
  return null;
}

/** Whether `other` ranks senior to (1), equal to (0) or junior to (−1) `instrument`; null when no filing says. */
function order(instrument: StackInstrument, level: Level, other: StackInstrument, otherLevel: Level): 1 | 0 | -1 | null {
  // Debt is a liability and preferred stock equity: every note ranks before every preferred, stated or not.
  if (isDebt(instrument.kind) && isPreferred(other.kind)) return -1;
  if (isPreferred(instrument.kind) && isDebt(other.kind)) return 1;
  if (!level || !otherLevel) return null;
  if (level.tier === 'debt' && otherLevel.tier === 'debt') return otherLevel.rank < level.rank ? 1 : otherLevel.rank === level.rank ? 0 : -1;
  if (level.tier !== otherLevel.tier) return otherLevel.tier === 'debt' ? 1 : -1;
  if (level.tier !== 'preferred' || otherLevel.tier !== 'preferred') return null;
  if (level.juniorTo.includes(other.name) || otherLevel.seniorTo.includes(instrument.name)) return 1;
  if (level.seniorTo.includes(other.name) || otherLevel.juniorTo.includes(instrument.name)) return -1;
  return null;
}

/**
 * BTC rating = BTC NAV ÷ (the instrument's notional + every claim ranking senior to or equal with it).
 * "Not available" when a filing read does not state its order against every other claim, or a claim
 * that counts has no USD notional.
 */
function btcRating(instrument: StackInstrument, claims: readonly StackInstrument[], btcNavUsd: number | null, debtTotal: Total | null): RatingAnswer {
  if (btcNavUsd === null) return { value: null, reason: 'no BTC NAV (holdings or BTC price missing)' };
  if (!isDebt(instrument.kind) && !isPreferred(instrument.kind)) return { value: null, reason: 'not a claim on the company (no rating)' };
  if (instrument.notional?.value === 0) return { value: null, reason: 'retired: no principal outstanding' };
  const level = levelOf(instrument);
  if (!level) return { value: null, reason: 'not available: the filings read state no ranking for it' };
  if (!instrument.notional || instrument.currency !== 'USD') return { value: null, reason: `not available: no USD notional stated for ${instrument.name}` };
  let sum = 0;
  const senior: string[] = [];
  // Debt counted as one stated total when the series are older than it (retired series unknown).
  const debtAsTotal = debtTotal !== null && debtTotal.basis.includes('as stated on');
  if (level.tier === 'preferred' && debtAsTotal) {
    sum += debtTotal.valueUsd;
    senior.push('all debt (stated total)');
  }
  for (const other of claims) {
    if (other === instrument || other.notional?.value === 0) continue;
    if (level.tier === 'preferred' && debtAsTotal && isDebt(other.kind)) continue;
    const rank = order(instrument, level, other, levelOf(other));
    if (rank === null) return { value: null, reason: `not available: no filing read states how ${instrument.name} ranks against ${other.name}`, unorderedAgainst: other.name };
    if (rank < 0) continue;
    if (!other.notional || other.currency !== 'USD') return { value: null, reason: `not available: ${other.name} ranks ${rank > 0 ? 'senior' : 'equal'} but has no USD notional` };
    sum += other.notional.value;
    senior.push(other.name);
  }
  if (level.tier === 'debt' && debtAsTotal) {
    // Every series of the same rank is in the stated total; the series amounts are older.
    return { value: btcNavUsd / debtTotal.valueUsd, claimsUsd: debtTotal.valueUsd, senior: ['all debt of equal or senior rank (stated total)'] };
  }
  const claimsUsd = sum + instrument.notional.value;
  return { value: btcNavUsd / claimsUsd, claimsUsd, senior };
}

/** The stack as the stored observations give it (pass rowsAsOf(rows, day) for a past day). */
export function capitalStack(inputs: CapitalStackInputs): CapitalStack {
  const byName = new Map<string, InstrumentRow[]>();
  for (const row of inputs.rows) byName.set(row.instrumentKey, [...(byName.get(row.instrumentKey) ?? []), row]);
  const merged = [...byName].map(([name, rows]) => mergeInstrument(name, rows));
  const aggregate = merged.find((instrument) => instrument.kind === 'convertible_note_aggregate') ?? null;
  const listed = merged.filter((instrument) => instrument !== aggregate);

  const btcNav =
    inputs.btcHeld && inputs.btcPriceUsd ? { valueUsd: inputs.btcHeld.value * inputs.btcPriceUsd.value, btcHeld: inputs.btcHeld, btcPriceUsd: inputs.btcPriceUsd } : null;
  const draft = listed.map((instrument) => ({ ...instrument, annualCostUsd: null, btcRating: { value: null, reason: '' } }) as StackInstrument);
  const debt = total(draft, isDebt, aggregate ? { ...aggregate, annualCostUsd: null, btcRating: { value: null, reason: '' } } : null);
  const preferred = total(draft, isPreferred, null);
  const claims = draft.filter((instrument) => isDebt(instrument.kind) || isPreferred(instrument.kind));

  const instruments = draft.map((instrument) => ({
    ...instrument,
    annualCostUsd: instrument.notional && instrument.rate && instrument.currency === 'USD' ? (instrument.notional.value * instrument.rate.value) / 100 : null,
    btcRating: btcRating(instrument, claims, btcNav?.valueUsd ?? null, debt),
  }));

  const leftOut = [...(debt?.excluded ?? []), ...(preferred?.excluded ?? [])];
  let amplification: CapitalStack['amplification'] = { value: null, reason: null, formula: amplificationFormula, leftOut };
  if (!btcNav) amplification = { ...amplification, reason: 'no BTC NAV (holdings or BTC price missing)' };
  else if (!debt && !preferred) amplification = { ...amplification, reason: 'no debt or preferred stored' };
  else if (![debt, preferred].some((claims) => claims && claims.newestAsOf !== null))
    amplification = { ...amplification, reason: `no debt or preferred with a USD amount stated (${leftOut.join('; ')})` };
  else amplification = { ...amplification, value: ((debt?.valueUsd ?? 0) + (preferred?.valueUsd ?? 0)) / btcNav.valueUsd };

  const paying = instruments.filter((instrument) => isDebt(instrument.kind) || isPreferred(instrument.kind));
  let annualObligations: CapitalStack['annualObligations'] = null;
  if (paying.length) {
    const excluded: string[] = [];
    let interestUsd = 0;
    let dividendsUsd = 0;
    const dates: string[] = [];
    for (const instrument of paying) {
      if (instrument.notional?.value === 0) continue;
      if (instrument.annualCostUsd === null) {
        excluded.push(`${instrument.name}: ${instrument.currency !== 'USD' ? `amounts in ${instrument.currency}` : !instrument.notional ? 'no notional stated' : 'no rate stated'}`);
        continue;
      }
      if (isDebt(instrument.kind)) interestUsd += instrument.annualCostUsd;
      else dividendsUsd += instrument.annualCostUsd;
      for (const date of [instrument.notional?.asOf, instrument.rate?.asOf]) if (date) dates.push(date);
    }
    dates.sort();
    // Nothing with both a USD notional and a rate: no figure, rather than a total of zero.
    if (dates.length) annualObligations = {
      valueUsd: interestUsd + dividendsUsd,
      interestUsd,
      dividendsUsd,
      oldestAsOf: dates[0] ?? null,
      newestAsOf: dates.at(-1) ?? null,
      basis: 'Σ notional × stated rate, each at its latest stated date',
      excluded,
    };
  }

  const obligations = annualObligations?.valueUsd ?? 0;
  const coverage: CapitalStack['coverage'] = {
    btcYears: btcNav && obligations > 0 ? btcNav.valueUsd / obligations : null,
    usdReserveMonths: inputs.usdReserve && obligations > 0 ? inputs.usdReserve.value / (obligations / 12) : null,
    usdReserve: inputs.usdReserve,
    reason: obligations > 0 ? (btcNav ? (inputs.usdReserve ? null : 'no USD reserve (cash) stored') : 'no BTC NAV') : 'no coupon or dividend with a stated rate and notional',
  };

  const converts: Moneyness[] = [];
  if (inputs.sharePriceUsd) {
    for (const instrument of instruments) {
      if (!instrument.conversionPrice || instrument.currency !== 'USD' || instrument.notional?.value === 0) continue;
      if (!isDebt(instrument.kind) && !isPreferred(instrument.kind)) continue;
      const inTheMoney = inputs.sharePriceUsd.value > instrument.conversionPrice.value;
      converts.push({
        instrumentId: instrument.id,
        name: instrument.name,
        conversionPriceUsd: instrument.conversionPrice.value,
        sharePriceUsd: inputs.sharePriceUsd.value,
        sharePriceAsOf: inputs.sharePriceUsd.asOf,
        inTheMoney,
        sharesIfConverted: instrument.conversionShares?.value ?? null,
        sharesAsOf: instrument.conversionShares?.asOf ?? null,
      });
    }
  }

  return { instruments, btcNav, debt, preferred, amplification, annualObligations, coverage, converts };
}
