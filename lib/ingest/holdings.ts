import type { Db } from '../db';
import type { EventBus } from '../realtime/bus';
import { confirmDiscoveries } from './discoveries';
import { publishSafely } from './events';
import { formatBtc } from './sec/classify';
import { type BalanceSheetFigure, checkPlausibility, type QuarantineFinding, type Reading } from '../treasury/plausibility';
import type { HoldingsChangedHook } from './types';
import { isoDay } from '../dates';

// Conventions of prisma/seed/seed-history.ts: one HoldingSnapshot per (company, asset, asOf, source); a
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

interface HoldingsConflict {
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
  /** Set when a plausibility check rejected the figure: stored as quarantined, not made current, no change recorded. */
  quarantine: { check: string; reason: string } | null;
}

const day = 86_400_000;

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
    const finding = await checkUpdate(tx, company, update, existing?.id);
    const quarantine = finding ? { quarantined: true, quarantineCheck: finding.check, quarantineReason: finding.reason } : { quarantined: false, quarantineCheck: null, quarantineReason: null };
    let snapshot: HoldingsUpdateResult['snapshot'] = 'unchanged';
    if (!existing) {
      await tx.holdingSnapshot.create({ data: { ...key, quantity: update.quantity, sourceUrl: update.sourceUrl ?? null, filedAt: update.filedAt ?? null, ...quarantine } });
      snapshot = 'created';
    } else if (existing.quantity !== update.quantity || existing.quarantined !== quarantine.quarantined) {
      await tx.holdingSnapshot.update({
        where: { id: existing.id },
        data: { quantity: update.quantity, sourceUrl: update.sourceUrl ?? existing.sourceUrl, filedAt: update.filedAt ?? existing.filedAt, ...quarantine },
      });
      snapshot = 'updated';
    }

    // A quarantined figure never becomes the company's current figure and records no change (issue 12).
    const isCurrent = !finding && update.asOf.getTime() >= company.holdingsAsOf.getTime();
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
    const quarantineReason = finding ? `Quarantined: ${finding.reason}` : null;
    if (quarantineReason && !company.flagReason?.includes(quarantineReason)) reasons.push(quarantineReason);
    const flagReason = reasons.length ? [company.flagReason, ...reasons].filter(Boolean).join(' | ') : company.flagReason;
    const newlyFlagged = reasons.length > 0;
    const flagCheck = finding ? finding.check : conflicts.length ? 'source-disagreement' : null;

    if (isCurrent || newlyFlagged) {
      await tx.company.update({
        where: { id: company.id },
        data: {
          ...(isCurrent
            ? {
                btcHoldings: update.quantity,
                holdingsAsOf: update.asOf,
                holdingsSourceUrl: update.sourceUrl ?? null,
                holdingsFiledAt: update.filedAt ?? null,
                // A filing or a second source confirms a figure a user only claimed.
                holdingsConfirmed: true,
              }
            : {}),
          ...(newlyFlagged ? { flagged: true, flagReason, flagCheck } : {}),
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
      quarantine: finding ? { check: finding.check, reason: finding.reason } : null,
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

/** Readings of the company over this many days before the new figure feed the reverting-jump and unfiled-change checks. */
const plausibilityWindowDays = 60;

/**
 * Runs the plausibility checks (lib/treasury/plausibility.ts) on the new figure against the company's
 * recent readings, other companies' figures of the same day and its stored balance-sheet figures. A
 * reading the new figure shows to be the middle of a reverting jump is quarantined here too.
 */
async function checkUpdate(
  tx: Pick<Db, 'holdingSnapshot' | 'companyFundamental' | 'marketPrice'>,
  company: { id: string; name: string },
  update: HoldingsUpdate,
  existingId: string | undefined,
): Promise<QuarantineFinding | null> {
  const date = isoDay(update.asOf);
  const [recent, sameDay, fundamentals, price] = await Promise.all([
    tx.holdingSnapshot.findMany({
      where: { companyId: company.id, asset: 'BTC', asOf: { gte: new Date(update.asOf.getTime() - plausibilityWindowDays * day), lte: update.asOf } },
      orderBy: { asOf: 'asc' },
      select: { id: true, quantity: true, asOf: true, sourceUrl: true, filedAt: true, quarantined: true },
    }),
    tx.holdingSnapshot.findMany({
      where: { asset: 'BTC', asOf: update.asOf, quantity: update.quantity, companyId: { not: company.id }, quarantined: false },
      select: { companyId: true, quantity: true, asOf: true, sourceUrl: true, filedAt: true, company: { select: { name: true } } },
    }),
    tx.companyFundamental.findMany({
      where: { companyId: company.id, field: { in: ['total_assets', 'market_cap', 'total_debt', 'preferred_equity'] }, currency: 'USD', asOf: { lte: update.asOf } },
      select: { companyId: true, field: true, value: true, asOf: true },
    }),
    tx.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: new Date(update.asOf.getTime() + day) } }, orderBy: { at: 'desc' }, select: { priceUsd: true } }),
  ]);
  // One reading a day: the company's own figure of the day is the new one; quarantined readings are left out.
  const own = new Map<string, Reading & { id?: string }>();
  for (const snapshot of recent) {
    if (snapshot.id === existingId || snapshot.quarantined) continue;
    own.set(isoDay(snapshot.asOf), {
      id: snapshot.id,
      companyId: company.id,
      name: company.name,
      date: isoDay(snapshot.asOf),
      quantity: snapshot.quantity,
      hasFiling: !!(snapshot.sourceUrl || snapshot.filedAt),
    });
  }
  own.set(date, { companyId: company.id, name: company.name, date, quantity: update.quantity, hasFiling: !!(update.sourceUrl || update.filedAt) });
  const others: Reading[] = sameDay.map((snapshot) => ({
    companyId: snapshot.companyId,
    name: snapshot.company.name,
    date,
    quantity: snapshot.quantity,
    hasFiling: !!(snapshot.sourceUrl || snapshot.filedAt),
  }));
  const findings = checkPlausibility({
    readings: [...own.values(), ...others],
    fundamentals: fundamentals.map((figure) => ({ companyId: figure.companyId, field: figure.field as BalanceSheetFigure['field'], valueUsd: figure.value, asOf: isoDay(figure.asOf) })),
    btcPriceOn: () => price?.priceUsd ?? null,
  });
  for (const finding of findings.values()) {
    const earlier = finding.companyId === company.id && finding.date !== date ? own.get(finding.date) : undefined;
    if (earlier?.id) {
      await tx.holdingSnapshot.update({ where: { id: earlier.id }, data: { quarantined: true, quarantineCheck: finding.check, quarantineReason: finding.reason } });
    }
  }
  return findings.get(`${company.id}|${date}`) ?? null;
}
