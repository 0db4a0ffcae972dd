import type { Db } from '../db';
import type { Job } from '../jobs/job';
import { readIngestConfig } from '../data-sources/config';
import { ingesters, isIngestRunning, runIngest, scheduledRetryAt, type RunIngestOptions } from './run';
import { ingestSources, type IngestSource } from './types';

const day = 86_400_000;
/** Scheduled RefreshLog rows are kept this long; manual ones (the users' daily allowance) are not touched. */
const scheduledLogRetentionMs = 30 * day;

/**
 * The scheduler's ingest jobs (lib/background/jobs.ts): ingest-sec-current every 15 s,
 * ingest-sec-submissions every minute (each company every 6 h), ingest-market-prices every 60 s,
 * ingest-fx-rates every 6 h, ingest-equity-prices and ingest-sec-companyfacts every 5 minutes (each
 * company once a day), ingest-coingecko-treasury daily, ingest-prune-logs daily. Empty when INGEST_ENABLED is off (the default under NODE_ENV=test).
 */
export function ingestJobs(options: Pick<RunIngestOptions, 'bus' | 'onHoldingsChanged'> = {}): Job[] {
  let config;
  try {
    config = readIngestConfig();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [{ name: 'ingest', everyMs: day, run: () => Promise.reject(new Error(message)) }];
  }
  if (!config.enabled) return [];
  return [
    ...ingestSources.map(
      (source): Job => ({
        name: `ingest-${source}`,
        everyMs: ingesters[source].intervalMs(config),
        run: (db) => runScheduled(db, source, options),
      }),
    ),
    { name: 'ingest-prune-logs', everyMs: day, run: pruneScheduledLogs },
  ];
}

const announcedSkips = new Map<IngestSource, string>();

async function runScheduled(db: Db, source: IngestSource, options: Pick<RunIngestOptions, 'bus' | 'onHoldingsChanged'>): Promise<string> {
  // Timers fire whether or not the previous run finished; a slow upstream must not stack runs.
  if (isIngestRunning(source)) return 'previous run still in progress';
  const retryAt = scheduledRetryAt(source);
  if (Date.now() < retryAt) return `backing off after failures until ${new Date(retryAt).toISOString()}`;
  const [result] = await runIngest(db, { ...options, sources: [source], kind: 'scheduled' });
  if (!result) return 'nothing ran';
  if (result.status === 'error') throw new Error(result.message);
  if (result.status === 'skipped' && announcedSkips.get(source) !== result.message) {
    announcedSkips.set(source, result.message);
    console.warn(`[ingest] ${source} skipped: ${result.message}`);
  }
  return `${result.status}: ${result.message}`;
}

/** SEC filings older than this are long out of the current feed and the submissions look-back. */
const ingestedFilingRetentionMs = 90 * day;

async function pruneScheduledLogs(db: Db): Promise<string> {
  const { count } = await db.refreshLog.deleteMany({ where: { kind: 'scheduled', startedAt: { lt: new Date(Date.now() - scheduledLogRetentionMs) } } });
  const filings = await db.ingestedFiling.deleteMany({ where: { seenAt: { lt: new Date(Date.now() - ingestedFilingRetentionMs) } } });
  return `removed ${count} scheduled ingest log rows older than 30 days and ${filings.count} finished filings older than 90 days`;
}
