import type { Db } from '../db';
import type { EventBus } from '../realtime/bus';
import { confirmDiscoveries } from './discoveries';
import { publishSafely } from './events';
import { formatBtc } from './sec/classify';
import type { HoldingsChangedHook } from './types';

// Conventions of lib/db/seed-history.ts: one HoldingSnapshot per (company, asset, asOf, source); a
// HoldingChange for every change of the company's current figure, with old and new quantity, source
// and a note; disagreements are flagged on the company with a reason naming both figures, appended
// with " | " to any earlier reason, and both figures are kept.

/** Snapshots of other sources within this many days of the new figure's date describe the same period. */
const samePeriodDays = 7;
/** Two sources disagree when the new figure is more than 5 % away from the other source's. */
const disagreementThreshold = 0.05;

export interface HoldingsUpdate {
  companyId: string;
  quantity: number;
  /** The date the figure is stated as of. */
  asOf: Date;
  /** e.g. "SEC EDGAR 8-K". */
  source: string;
  sourceUrl?: string | null;
  filedAt?: Date | null;
  note?: string | null;
}

export interface HoldingsUpdateOptions {
  bus?: EventBus;
  onHoldingsChanged?: HoldingsChangedHook;
  now?: Date;
}

export interface HoldingsConflict {
  source: string;
  quantity: number;
  asOf: Date;
}

export interface HoldingsUpdateResult {
  snapshot: 'created' | 'updated' | 'unchanged';
  /** The figure is at least as recent as the company's current one, so it became current. */
  isCurrent: boolean;
  /** Company.btcHoldings changed (a HoldingChange row was written). */
  changed: boolean;
  previousQuantity: number;
  conflicts: HoldingsConflict[];
  flagged: boolean;
  flagReason: string | null;
}

const day = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Records a holdings figure learned from a source, inside one transaction; afterwards publishes
 * company_update and calls onHoldingsChanged when the company's current figure or flag changed, and
 * confirms discoveries that now hold bitcoin.
 */
export async function applyHoldingsUpdate(db: Db, update: HoldingsUpdate, options: HoldingsUpdateOptions = {}): Promise<HoldingsUpdateResult> {
  if (!Number.isFinite(update.quantity) || update.quantity < 0) throw new Error(`Holdings of ${update.quantity} BTC are not a quantity`);
  const now = options.now ?? new Date();
  const result = await db.$transaction(async (tx) => {
    const company = await tx.company.findUniqueOrThrow({ where: { id: update.companyId } });
    const key = { companyId: company.id, asset: 'BTC', asOf: update.asOf, source: update.source };
    const existing = await tx.holdingSnapshot.findUnique({ where: { companyId_asset_asOf_source: key } });
    let snapshot: HoldingsUpdateResult['snapshot'] = 'unchanged';
    if (!existing) {
      await tx.holdingSnapshot.create({ data: { ...key, quantity: update.quantity, sourceUrl: update.sourceUrl ?? null, filedAt: update.filedAt ?? null } });
      snapshot = 'created';
    } else if (existing.quantity !== update.quantity) {
      await tx.holdingSnapshot.update({ where: { id: existing.id }, data: { quantity: update.quantity, sourceUrl: update.sourceUrl ?? existing.sourceUrl, filedAt: update.filedAt ?? existing.filedAt } });
      snapshot = 'updated';
    }

    const isCurrent = update.asOf.getTime() >= company.holdingsAsOf.getTime();
    const changed = isCurrent && company.btcHoldings !== update.quantity;
    if (changed) {
      await tx.holdingChange.create({
        data: {
          companyId: company.id,
          asset: 'BTC',
          oldQuantity: company.btcHoldings,
          newQuantity: update.quantity,
          source: update.source,
          sourceUrl: update.sourceUrl ?? null,
          filedAt: update.filedAt ?? null,
          learnedAt: now,
          note:
            update.note ??
            `${update.source}: ${formatBtc(company.btcHoldings)} BTC (as of ${isoDay(company.holdingsAsOf)}) to ${formatBtc(update.quantity)} BTC (as of ${isoDay(update.asOf)}).`,
        },
      });
    }

    const conflicts = await findConflicts(tx, company.id, update);
    const reasons = conflicts
      .map((other) => {
        const apart = Math.round((Math.abs(update.quantity - other.quantity) / other.quantity) * 1000) / 10;
        return `${update.source} reports ${formatBtc(update.quantity)} BTC as of ${isoDay(update.asOf)}; ${other.source} reports ${formatBtc(other.quantity)} BTC as of ${isoDay(other.asOf)} (${apart}% apart).`;
      })
      .filter((reason) => !company.flagReason?.includes(reason));
    const flagReason = reasons.length ? [company.flagReason, ...reasons].filter(Boolean).join(' | ') : company.flagReason;
    const newlyFlagged = reasons.length > 0;

    if (isCurrent || newlyFlagged) {
      await tx.company.update({
        where: { id: company.id },
        data: {
          ...(isCurrent
            ? { btcHoldings: update.quantity, holdingsAsOf: update.asOf, holdingsSourceUrl: update.sourceUrl ?? null, holdingsFiledAt: update.filedAt ?? null }
            : {}),
          ...(newlyFlagged ? { flagged: true, flagReason } : {}),
        },
      });
    }
    return {
      snapshot,
      isCurrent,
      changed,
      previousQuantity: company.btcHoldings,
      conflicts,
      flagged: newlyFlagged || company.flagged,
      flagReason: flagReason ?? null,
      newlyFlagged,
      company: { id: company.id, name: company.name, ticker: company.ticker, exchange: company.exchange },
    };
  });

  const { newlyFlagged, company, ...outcome } = result;
  if (outcome.changed || newlyFlagged) {
    if (options.bus) {
      await publishSafely(options.bus, 'company_update', {
        companyId: company.id,
        name: company.name,
        ticker: company.ticker,
        exchange: company.exchange,
        btcHoldings: outcome.isCurrent ? update.quantity : outcome.previousQuantity,
        previousBtcHoldings: outcome.previousQuantity,
        holdingsAsOf: isoDay(update.asOf),
        source: update.source,
        sourceUrl: update.sourceUrl ?? null,
        flagged: outcome.flagged,
        flagReason: outcome.flagReason,
      });
    }
    if (outcome.changed) {
      await confirmDiscoveries(db, { companyIds: [company.id], now });
      await options.onHoldingsChanged?.([company.id]);
    }
  }
  return outcome;
}

/** Each other source's newest snapshot within the same period, where it disagrees by more than 5 %. */
async function findConflicts(db: Pick<Db, 'holdingSnapshot'>, companyId: string, update: HoldingsUpdate): Promise<HoldingsConflict[]> {
  const others = await db.holdingSnapshot.findMany({
    where: {
      companyId,
      asset: 'BTC',
      source: { not: update.source },
      asOf: { gte: new Date(update.asOf.getTime() - samePeriodDays * day), lte: new Date(update.asOf.getTime() + samePeriodDays * day) },
    },
    orderBy: { asOf: 'desc' },
    select: { source: true, quantity: true, asOf: true },
  });
  const latestBySource = new Map<string, HoldingsConflict>();
  for (const other of others) if (!latestBySource.has(other.source)) latestBySource.set(other.source, other);
  return [...latestBySource.values()].filter(
    (other) => other.quantity > 0 && Math.abs(update.quantity - other.quantity) / other.quantity > disagreementThreshold,
  );
}
