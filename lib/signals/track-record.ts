import { isoDay } from '../dates';
// A signal's track record and its pump check, computed from stored history (issue 12; formulas in
// docs/metrics.md, "Signal track record" and "Pump check"). Pure functions; the loaders are in
// lib/signals/service.ts.

const day = 86_400_000;

/** A signal "predicted" a holdings increase of its company within this many days after its detection. */
export const trackRecordWindowDays = 30;
/** Fewer resolved signals than this and no rate is stated: "not enough history yet (n signals)". */
export const minimumResolvedSignals = 20;

export interface PastSignal {
  companyId: string | null;
  detectedAt: Date;
}

/** A recorded increase of a company's BTC holdings (HoldingChange with a higher new figure; quarantined figures record none). */
export interface HoldingsIncrease {
  companyId: string;
  at: Date;
}

export interface TrackRecord {
  windowDays: number;
  /** Past signals whose window had closed by the end of the stored holdings history. */
  resolved: number;
  /** Of those, the ones followed by a holdings increase of their company within the window. */
  followed: number;
  /** followed ÷ resolved, as a percentage with one decimal; null below the minimum. */
  accuracyPct: number | null;
  falsePositivePct: number | null;
  /** Mean days from a followed signal to the first increase after it; null below the minimum. */
  leadTimeDays: number | null;
  minimum: number;
}

/**
 * Accuracy of past signals of one source and type: the share followed, strictly after their
 * detection and within the window, by an increase of their company's holdings. A signal counts only
 * once its whole window lies before `dataEnd` (the newest stored holdings reading), so a recent
 * signal is neither a hit nor a miss yet. Signals with no company cannot be followed and are left out.
 */
export function computeTrackRecord(signals: readonly PastSignal[], increases: readonly HoldingsIncrease[], dataEnd: Date | null): TrackRecord {
  const windowMs = trackRecordWindowDays * day;
  const byCompany = new Map<string, number[]>();
  for (const increase of increases) byCompany.set(increase.companyId, [...(byCompany.get(increase.companyId) ?? []), increase.at.getTime()]);
  for (const times of byCompany.values()) times.sort((a, b) => a - b);

  let resolved = 0;
  let followed = 0;
  let leadSum = 0;
  for (const signal of signals) {
    if (!signal.companyId || !dataEnd || signal.detectedAt.getTime() + windowMs > dataEnd.getTime()) continue;
    resolved += 1;
    const start = signal.detectedAt.getTime();
    const next = byCompany.get(signal.companyId)?.find((at) => at > start && at <= start + windowMs);
    if (next !== undefined) {
      followed += 1;
      leadSum += (next - start) / day;
    }
  }
  const enough = resolved >= minimumResolvedSignals;
  const round1 = (value: number) => Math.round(value * 10) / 10;
  return {
    windowDays: trackRecordWindowDays,
    resolved,
    followed,
    accuracyPct: enough ? round1((followed / resolved) * 100) : null,
    falsePositivePct: enough ? round1(((resolved - followed) / resolved) * 100) : null,
    leadTimeDays: enough && followed > 0 ? round1(leadSum / followed) : null,
    minimum: minimumResolvedSignals,
  };
}

/** A rise of this share or more… */
const pumpRiseThreshold = 0.1;
/** …over this many trading days (closes) before the signal is a pump. */
export const pumpTradingDays = 3;
/** The last close must be this recent before the signal for the check to speak about it. */
const pumpMaxGapDays = 7;

export interface Close {
  date: Date;
  close: number;
}

export type PumpCheck =
  | { status: 'no-price-history'; reason: string }
  | { status: 'clear' | 'pump'; risePct: number; from: { date: string; close: number }; to: { date: string; close: number }; tradingDays: number };

/**
 * The pump-check filter: the largest rise between two of the last four closes before the signal's
 * detection (a span of three trading days), in the listing's currency. A rise of 10 % or more marks
 * the signal as following a pump.
 */
export function pumpCheck(closes: readonly Close[], detectedAt: Date): PumpCheck {
  const before = closes.filter((close) => close.date.getTime() <= detectedAt.getTime() && close.close > 0).sort((a, b) => a.date.getTime() - b.date.getTime());
  const last = before.slice(-(pumpTradingDays + 1));
  if (last.length < pumpTradingDays + 1) {
    return { status: 'no-price-history', reason: `No price history: ${before.length} stored close${before.length === 1 ? '' : 's'} before the signal, ${pumpTradingDays + 1} needed.` };
  }
  if (detectedAt.getTime() - last.at(-1)!.date.getTime() > pumpMaxGapDays * day) {
    return { status: 'no-price-history', reason: `No price history: the last stored close is more than ${pumpMaxGapDays} days before the signal.` };
  }
  let best = { rise: -Infinity, from: last[0]!, to: last[0]! };
  for (let i = 0; i < last.length; i += 1) {
    for (let j = i + 1; j < last.length; j += 1) {
      const rise = last[j]!.close / last[i]!.close - 1;
      if (rise > best.rise) best = { rise, from: last[i]!, to: last[j]! };
    }
  }
  return {
    status: best.rise >= pumpRiseThreshold ? 'pump' : 'clear',
    risePct: Math.round(best.rise * 1000) / 10,
    from: { date: isoDay(best.from.date), close: best.from.close },
    to: { date: isoDay(best.to.date), close: best.to.close },
    tradingDays: pumpTradingDays,
  };
}
