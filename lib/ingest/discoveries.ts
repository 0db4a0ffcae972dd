import type { Db } from '../db';
import { isUniqueViolation } from '@/lib/db/errors';
import { cikDigits, paddedCik } from './sec/urls';

// Spec 001 §4 "Discoveries": companies that do not hold bitcoin yet but show signs of adopting it.
// An ingester opens one as `investigating`; it becomes `confirmed` once a company with the same CIK
// or ticker appears in the Company table with holdings.

export interface NewDiscovery {
  sourceId: string;
  companyName: string;
  ticker: string | null;
  secCik: string | null;
  type: 'filing' | 'hiring' | 'patent' | 'executive' | 'partnership';
  priority: 'high' | 'medium' | 'low';
  description: string;
  source: string;
  sourceUrl: string | null;
  detectedAt: Date;
}

/** Stores the discovery once per sourceId; returns whether it is new. */
export async function recordDiscovery(db: Db, discovery: NewDiscovery): Promise<boolean> {
  if ((await db.discovery.count({ where: { sourceId: discovery.sourceId } })) > 0) return false;
  try {
    await db.discovery.create({
      data: { ...discovery, secCik: discovery.secCik ? paddedCik(discovery.secCik) : null, status: 'investigating' },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Marks open discoveries confirmed when a holder with the same CIK or ticker now exists.
 * `companyIds` narrows the holders looked at (after one company's holdings changed).
 */
export async function confirmDiscoveries(db: Db, options: { companyIds?: readonly string[]; now?: Date } = {}): Promise<number> {
  const open = await db.discovery.findMany({
    where: { status: { not: 'confirmed' }, OR: [{ secCik: { not: null } }, { ticker: { not: null } }] },
    select: { id: true, secCik: true, ticker: true },
  });
  if (open.length === 0) return 0;
  const holders = await db.company.findMany({
    where: { btcHoldings: { gt: 0 }, ...(options.companyIds ? { id: { in: [...options.companyIds] } } : {}) },
    select: { id: true, secCik: true, ticker: true },
  });
  const byCik = new Map(holders.filter((holder) => holder.secCik).map((holder) => [cikDigits(holder.secCik!), holder.id]));
  const byTicker = new Map(holders.map((holder) => [holder.ticker.toUpperCase(), holder.id]));
  let confirmed = 0;
  for (const discovery of open) {
    const companyId =
      (discovery.secCik ? byCik.get(cikDigits(discovery.secCik)) : undefined) ??
      (discovery.ticker ? byTicker.get(discovery.ticker.toUpperCase()) : undefined);
    if (!companyId) continue;
    const { count } = await db.discovery.updateMany({
      where: { id: discovery.id, status: { not: 'confirmed' } },
      data: { status: 'confirmed', confirmedAt: options.now ?? new Date(), companyId },
    });
    confirmed += count;
  }
  return confirmed;
}
