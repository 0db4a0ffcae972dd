import type { Db } from '../../lib/db';
import type { Severity } from '../../lib/ingest/sec/classify';
import { historySource } from './seed-history';
import { holdingsSignalSource } from '../../lib/data-sources/catalogue';
import { isoDay } from '../../lib/dates';

// Signals and discoveries the product can show with no network: each one is a fact of the recorded
// holdings history (prisma/seed-data/README.md), never an invented event. A day-to-day change in a
// company's holdings becomes a signal; a company's first appearance in the table becomes a signal and a
// confirmed discovery. Live ingest (lib/ingest) adds SEC and market signals on top. Rules: docs/signals.md.

const tableUrl = 'https://bitbo.io/treasuries/';

export interface HoldingsMove {
  companyId: string;
  companyName: string;
  ticker: string;
  oldQuantity: number;
  newQuantity: number;
  date: Date;
  note: string | null;
}

export interface TableEntry {
  companyId: string;
  companyName: string;
  ticker: string;
  quantity: number;
  date: Date;
}

export interface SeedSignal {
  sourceId: string;
  companyId: string;
  companyName: string;
  description: string;
  source: string;
  detectedAt: Date;
  confidence: number;
  signalType: 'other';
  severity: Severity;
  filingUrl: string;
  details: string;
}

const btc = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Severity of a holdings move by its size relative to the holding and in bitcoin. */
export function moveSeverity(oldQuantity: number, newQuantity: number): Severity {
  const delta = Math.abs(newQuantity - oldQuantity);
  const share = oldQuantity > 0 ? delta / oldQuantity : 1;
  if (share >= 0.1 || delta >= 10_000) return 'critical';
  if (share >= 0.02 || delta >= 1_000) return 'high';
  if (share >= 0.005 || delta >= 100) return 'medium';
  return 'low';
}

/** Confidence of a move read from a daily table: lower for moves so small they may be rounding. */
export function moveConfidence(oldQuantity: number, newQuantity: number): number {
  const share = oldQuantity > 0 ? Math.abs(newQuantity - oldQuantity) / oldQuantity : 1;
  if (share >= 0.01) return 90;
  if (share >= 0.001) return 80;
  return 72;
}

export function entrySeverity(quantity: number): Severity {
  if (quantity >= 1_000) return 'critical';
  if (quantity >= 100) return 'high';
  if (quantity >= 10) return 'medium';
  return 'low';
}

export function moveSignal(move: HoldingsMove): SeedSignal {
  const delta = move.newQuantity - move.oldQuantity;
  const pct = move.oldQuantity > 0 ? (delta / move.oldQuantity) * 100 : null;
  const verb = delta >= 0 ? 'added' : 'reduced holdings by';
  const share = pct === null ? '' : ` (${delta >= 0 ? '+' : ''}${pct.toFixed(2)}%)`;
  return {
    sourceId: `holdings:${move.companyId}:${isoDay(move.date)}:${move.oldQuantity}:${move.newQuantity}`,
    companyId: move.companyId,
    companyName: move.companyName,
    description: `${move.companyName} ${verb} ${btc(Math.abs(delta))} BTC${share}, now holding ${btc(move.newQuantity)} BTC`,
    source: holdingsSignalSource,
    detectedAt: move.date,
    confidence: moveConfidence(move.oldQuantity, move.newQuantity),
    signalType: 'other',
    severity: moveSeverity(move.oldQuantity, move.newQuantity),
    filingUrl: tableUrl,
    details: JSON.stringify({ kind: 'holdings-change', ticker: move.ticker, oldQuantity: move.oldQuantity, newQuantity: move.newQuantity, change: delta, changePct: pct, asOf: isoDay(move.date), note: move.note }),
  };
}

export function entrySignal(entry: TableEntry): SeedSignal {
  return {
    sourceId: `holdings-entry:${entry.companyId}`,
    companyId: entry.companyId,
    companyName: entry.companyName,
    description: `${entry.companyName} entered the public-company treasury table holding ${btc(entry.quantity)} BTC`,
    source: holdingsSignalSource,
    detectedAt: entry.date,
    confidence: 85,
    signalType: 'other',
    severity: entrySeverity(entry.quantity),
    filingUrl: tableUrl,
    details: JSON.stringify({ kind: 'holdings-entry', ticker: entry.ticker, newQuantity: entry.quantity, asOf: isoDay(entry.date) }),
  };
}

/**
 * Stores the history's signals and discoveries once (idempotent on sourceId). Companies listed on
 * the history's first day were holders before it began, so only later first appearances count.
 */
export async function seedHistorySignals(db: Db): Promise<{ signals: number; discoveries: number }> {
  const [changes, firstSnapshots, firstDay] = await Promise.all([
    db.holdingChange.findMany({
      where: { source: historySource, asset: 'BTC', oldQuantity: { not: null } },
      select: { companyId: true, oldQuantity: true, newQuantity: true, learnedAt: true, note: true, company: { select: { name: true, ticker: true } } },
    }),
    db.holdingSnapshot.groupBy({ by: ['companyId'], where: { source: historySource, asset: 'BTC' }, _min: { asOf: true } }),
    db.holdingSnapshot.aggregate({ where: { source: historySource }, _min: { asOf: true } }),
  ]);
  const start = firstDay._min.asOf;
  const lateIds = firstSnapshots.filter((row) => start && row._min.asOf && row._min.asOf > start).map((row) => row.companyId);
  const entrySnapshots = await db.holdingSnapshot.findMany({
    where: { source: historySource, asset: 'BTC', companyId: { in: lateIds } },
    orderBy: { asOf: 'asc' },
    select: { companyId: true, quantity: true, asOf: true, quarantined: true, company: { select: { name: true, ticker: true, secCik: true } } },
  });
  const entries = new Map<string, (typeof entrySnapshots)[number]>();
  const quarantinedEntries = new Set<string>();
  for (const snapshot of entrySnapshots) {
    if (entries.has(snapshot.companyId) || quarantinedEntries.has(snapshot.companyId)) continue;
    // A first appearance with a quarantined figure raises nothing (issue 12); changes are only ever
    // recorded between figures that passed the checks, so they need no such test.
    if (snapshot.quarantined) quarantinedEntries.add(snapshot.companyId);
    else entries.set(snapshot.companyId, snapshot);
  }

  const signals = [
    ...changes.map((change) =>
      moveSignal({
        companyId: change.companyId,
        companyName: change.company.name,
        ticker: change.company.ticker,
        oldQuantity: change.oldQuantity!,
        newQuantity: change.newQuantity,
        date: change.learnedAt,
        note: change.note,
      }),
    ),
    ...[...entries.values()].map((entry) =>
      entrySignal({ companyId: entry.companyId, companyName: entry.company.name, ticker: entry.company.ticker, quantity: entry.quantity, date: entry.asOf }),
    ),
  ];
  // Signals of holdings moves the history no longer records (a figure later quarantined) are removed:
  // a quarantined figure raises no signal, also in a database seeded before the checks existed.
  const current = new Set(signals.map((signal) => signal.sourceId));
  const storedMoves = await db.signal.findMany({ where: { source: holdingsSignalSource, sourceId: { startsWith: 'holdings:' } }, select: { id: true, sourceId: true } });
  const staleMoves = storedMoves.filter((signal) => !current.has(signal.sourceId)).map((signal) => signal.id);
  if (staleMoves.length) await db.signal.deleteMany({ where: { id: { in: staleMoves } } });
  const known = new Set((await db.signal.findMany({ where: { sourceId: { in: signals.map((signal) => signal.sourceId) } }, select: { sourceId: true } })).map((row) => row.sourceId));
  const newSignals = signals.filter((signal) => !known.has(signal.sourceId));
  if (newSignals.length) await db.signal.createMany({ data: newSignals });

  const discoveries = [...entries.values()].map((entry) => ({
    sourceId: `holdings-entry:${entry.companyId}`,
    companyName: entry.company.name,
    ticker: entry.company.ticker,
    secCik: entry.company.secCik,
    status: 'confirmed',
    type: 'filing',
    priority: entry.quantity >= 1_000 ? 'high' : entry.quantity >= 100 ? 'medium' : 'low',
    description: `First listed as a bitcoin holder with ${btc(entry.quantity)} BTC on ${isoDay(entry.asOf)}`,
    source: holdingsSignalSource,
    sourceUrl: tableUrl,
    detectedAt: entry.asOf,
    confirmedAt: entry.asOf,
    companyId: entry.companyId,
  }));
  const knownDiscoveries = new Set((await db.discovery.findMany({ where: { sourceId: { in: discoveries.map((row) => row.sourceId) } }, select: { sourceId: true } })).map((row) => row.sourceId));
  const newDiscoveries = discoveries.filter((row) => !knownDiscoveries.has(row.sourceId));
  if (newDiscoveries.length) await db.discovery.createMany({ data: newDiscoveries });
  return { signals: newSignals.length, discoveries: newDiscoveries.length };
}
