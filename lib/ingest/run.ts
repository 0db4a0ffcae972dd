import type { Db } from '../db';
import { dataSourceCatalogue } from '../data-sources/catalogue';
import { getBus, type EventBus } from '../realtime/bus';
import { recomputeMetrics } from '../metrics/recompute';
import { readIngestConfig, type IngestConfig } from '../data-sources/config';
import { equityPricesIngester } from './equity/prices-ingester';
import { fxRatesIngester } from './fx/fx-ingester';
import { marketPricesIngester } from './market/prices-ingester';
import { coingeckoTreasuryIngester } from './market/treasury-ingester';
import { secCompanyFactsIngester } from './sec/companyfacts-ingester';
import { secCurrentIngester } from './sec/current-ingester';
import { secSubmissionsIngester } from './sec/submissions-ingester';
import { ingestSources, type HoldingsChangedHook, type IngestKind, type IngestResult, type IngestSource, type Ingester } from './types';

export const ingesters: Readonly<Record<IngestSource, Ingester>> = {
  'sec-current': secCurrentIngester,
  'sec-submissions': secSubmissionsIngester,
  'market-prices': marketPricesIngester,
  'fx-rates': fxRatesIngester,
  'equity-prices': equityPricesIngester,
  'sec-companyfacts': secCompanyFactsIngester,
  'coingecko-treasury': coingeckoTreasuryIngester,
};

export interface RunIngestOptions {
  /** Default: every source. */
  sources?: readonly IngestSource[];
  /** Default: the process bus (getBus()). */
  bus?: EventBus;
  /** Default 'manual'; the scheduler passes 'scheduled'. */
  kind?: IngestKind;
  /** Called with the ids of companies whose current holdings changed. Default: recompute their metrics. */
  onHoldingsChanged?: HoldingsChangedHook;
  /** The clock (tests). */
  now?: () => Date;
}

interface SourceHealth {
  failures: number;
  retryAt: number;
}

const globalForRuns = globalThis as typeof globalThis & {
  __ingestRuns?: Map<IngestSource, Promise<IngestResult>>;
  __ingestHealth?: Map<IngestSource, SourceHealth>;
};
const runningRuns = () => (globalForRuns.__ingestRuns ??= new Map());
const sourceHealth = () => (globalForRuns.__ingestHealth ??= new Map());

const maxMessageLength = 2000;
const maxBackoffMs = 15 * 60 * 1000;

/**
 * Runs the ingesters now, in parallel, and returns one result per source; never throws. A source
 * already running in this process (the scheduler's run, say) is joined rather than started twice.
 * Each run updates its DataSource row and writes a RefreshLog row; a scheduled run that found
 * nothing new only updates the DataSource row.
 */
export async function runIngest(db: Db, options: RunIngestOptions = {}): Promise<IngestResult[]> {
  const sources = options.sources ?? ingestSources;
  let config: IngestConfig;
  try {
    config = readIngestConfig();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return sources.map((source) => ({ source, status: 'error', itemsAdded: 0, message }));
  }
  const context = {
    db,
    bus: options.bus ?? getBus(),
    config,
    kind: options.kind ?? 'manual',
    now: options.now ?? (() => new Date()),
    onHoldingsChanged:
      options.onHoldingsChanged ??
      (async (companyIds: readonly string[]) => {
        await recomputeMetrics(db, { companyIds });
      }),
  } as const;
  const results = await Promise.all(
    sources.map((source) => {
      const running = runningRuns().get(source);
      if (running) return running;
      const started = runSource(ingesters[source], context).finally(() => runningRuns().delete(source));
      runningRuns().set(source, started);
      return started;
    }),
  );
  // A new BTC price moves every company's NAV, mNAV and volatility exposure (docs/metrics.md).
  if (results.some((result) => result.source === 'market-prices' && result.status === 'ok' && result.itemsAdded > 0)) {
    try {
      await recomputeMetrics(db);
    } catch (error) {
      console.error('[ingest] recomputing metrics after new prices failed', error);
    }
  }
  return results;
}

export function isIngestRunning(source: IngestSource): boolean {
  return runningRuns().has(source);
}

/** When a failing or skipped source may run again on schedule: its cadence, doubled per failure, at most 15 minutes. */
export function scheduledRetryAt(source: IngestSource): number {
  return sourceHealth().get(source)?.retryAt ?? 0;
}

async function runSource(ingester: Ingester, context: Parameters<Ingester['run']>[0]): Promise<IngestResult> {
  const { db } = context;
  const startedAt = context.now();
  const result: IngestResult = { source: ingester.source, status: 'error', itemsAdded: 0, message: '' };
  try {
    await markAttempt(db, ingester.dataSourceKey, startedAt);
    Object.assign(result, await ingester.run(context));
  } catch (error) {
    Object.assign(result, { status: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  result.message = result.message.slice(0, maxMessageLength);
  updateHealth(ingester, context, result, Date.now());
  try {
    await recordOutcome(db, ingester, context.kind, startedAt, context.now(), result);
  } catch (error) {
    // The database may be what failed; the result still goes back to the caller.
    console.error(`[ingest] could not record the ${ingester.source} run:`, error instanceof Error ? error.message : error);
  }
  return result;
}

/** Any success ends a back-off; only scheduled runs start or extend one (a user's click must not delay the schedule). */
function updateHealth(ingester: Ingester, context: Parameters<Ingester['run']>[0], result: IngestResult, now: number) {
  if (result.status === 'ok') {
    sourceHealth().delete(ingester.source);
    return;
  }
  if (context.kind !== 'scheduled') return;
  const failures = (sourceHealth().get(ingester.source)?.failures ?? 0) + 1;
  const wait = Math.min(ingester.intervalMs(context.config) * 2 ** (failures - 1), maxBackoffMs);
  sourceHealth().set(ingester.source, { failures, retryAt: now + wait });
}

async function markAttempt(db: Db, key: string, at: Date) {
  const { count } = await db.dataSource.updateMany({ where: { key }, data: { lastAttemptAt: at } });
  if (count > 0) return;
  // Not seeded yet (a fresh database before `db:seed`): create the catalogue row the source belongs to.
  const seed = dataSourceCatalogue.find((entry) => entry.key === key);
  if (!seed) throw new Error(`No data-source catalogue entry named ${key}`);
  await db.dataSource.upsert({ where: { key }, create: { ...seed, lastAttemptAt: at }, update: { lastAttemptAt: at } });
}

async function recordOutcome(db: Db, ingester: Ingester, kind: IngestKind, startedAt: Date, finishedAt: Date, result: IngestResult) {
  const key = ingester.dataSourceKey;
  await db.dataSource.update({
    where: { key },
    data:
      result.status === 'ok'
        ? { lastSuccessAt: finishedAt, lastError: null, itemsIngested: { increment: result.itemsAdded } }
        : { lastError: result.message, itemsIngested: { increment: result.itemsAdded } },
  });
  const quiet = kind === 'scheduled' && result.status === 'ok' && result.itemsAdded === 0;
  if (quiet) return;
  await db.refreshLog.create({
    data: { kind, source: ingester.source, status: result.status, message: result.message, itemsAdded: result.itemsAdded, startedAt, finishedAt },
  });
}
