import type { Db } from '../db';
import { signalView } from '../signals/repository';
import type { EventBus } from '../realtime/bus';
import { isUniqueViolation } from '@/lib/db/errors';
import { publishSafely } from './events';
import type { Severity, SignalType } from './sec/classify';

export interface NewSignal {
  /** Accession number, plus a suffix when one filing yields several signals (":board"). */
  sourceId: string;
  companyId: string | null;
  companyName: string;
  description: string;
  source: string;
  detectedAt: Date;
  confidence: number;
  signalType: SignalType;
  severity: Severity;
  filingUrl: string | null;
  currentPrice: number | null;
  formType: string | null;
  filedAt: Date | null;
  details: Record<string, unknown>;
}

type StoredSignal = Awaited<ReturnType<Db['signal']['create']>>;

export async function signalExists(db: Db, sourceId: string): Promise<boolean> {
  return (await db.signal.count({ where: { sourceId } })) > 0;
}

/**
 * Stores a signal once per sourceId and announces it: new_signal, and critical_alert when critical.
 * Returns null when it was already stored (by an earlier run, or by a parallel one that won the race).
 */
export async function storeSignal(db: Db, bus: EventBus, signal: NewSignal): Promise<StoredSignal | null> {
  if (await signalExists(db, signal.sourceId)) return null;
  let stored: StoredSignal;
  try {
    stored = await db.signal.create({
      data: {
        ...signal,
        confidence: Math.round(Math.min(99, Math.max(70, signal.confidence))),
        details: JSON.stringify(signal.details),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  await announceSignal(bus, signalView(stored));
  return stored;
}

/** Tells the live screens about a stored signal: new_signal, and critical_alert when critical. */
export async function announceSignal(bus: EventBus, signal: ReturnType<typeof signalView>) {
  await publishSafely(bus, 'new_signal', signal);
  if (signal.severity === 'critical') await publishSafely(bus, 'critical_alert', signal);
}

/** The company's latest known share price: its own field, else the newest stored price for its ticker. */
export async function latestSharePrice(db: Db, company: { sharePriceUsd: number | null; ticker: string }): Promise<number | null> {
  if (company.sharePriceUsd !== null) return company.sharePriceUsd;
  // MarketPrice also holds the coins themselves under BTC and ETH.
  if (['BTC', 'ETH'].includes(company.ticker)) return null;
  const price = await db.marketPrice.findFirst({ where: { symbol: company.ticker }, orderBy: { at: 'desc' }, select: { priceUsd: true } });
  return price?.priceUsd ?? null;
}

export async function latestBtcPrice(db: Db): Promise<number | undefined> {
  const price = await db.marketPrice.findFirst({ where: { symbol: 'BTC' }, orderBy: { at: 'desc' }, select: { priceUsd: true } });
  return price?.priceUsd;
}
