import type { Db } from '../db';
import { ingestJobs } from '../ingest/jobs';
import { mailJobs } from '../mail/jobs';
import { getRateLimiter, type RateLimiter } from '../rate-limit';
import { runDueReportSchedules } from '../reports/schedules';
import { failStaleReports } from '../reports/service';
import type { Job } from './job';

// Periodic work. server.ts runs due jobs on a timer; on hosts without a long-lived process
// (Vercel) the same jobs run through GET /api/cron, called by the platform's scheduler. With several
// server processes sharing REDIS_URL, each period's run of a job is leased to one of them.

const day = 24 * 60 * 60 * 1000;
const clientErrorRetentionMs = 90 * day;

export const jobs: Job[] = [
  {
    name: 'purge-client-errors',
    everyMs: day,
    async run(db) {
      const { count } = await db.clientErrorReport.deleteMany({
        where: { createdAt: { lt: new Date(Date.now() - clientErrorRetentionMs) } },
      });
      return `removed ${count} error reports older than 90 days`;
    },
  },
  ...ingestJobs(),
  ...mailJobs(),
  {
    name: 'scheduled-reports',
    everyMs: 5 * 60 * 1000,
    async run(db) {
      const interrupted = await failStaleReports(db);
      const { generated, failed } = await runDueReportSchedules(db);
      return `generated ${generated} scheduled reports${failed ? `, ${failed} failed` : ''}${interrupted ? `; ${interrupted} interrupted reports marked failed` : ''}`;
    },
  },
];

export interface JobResult {
  name: string;
  ok: boolean;
  detail: string;
}

export async function runJobs(db: Db, selected: readonly Job[] = jobs): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of selected) {
    try {
      results.push({ name: job.name, ok: true, detail: await job.run(db) });
    } catch (error) {
      results.push({ name: job.name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

/**
 * How long a process holds a job's period: a little under the period, so the holder's next tick finds
 * it free again while a second process ticking moments later finds it taken.
 */
export function jobLeaseMs(everyMs: number): number {
  return Math.max(1, everyMs - Math.min(1_000, Math.floor(everyMs / 10)));
}

/**
 * Runs each job now and then every `everyMs`; returns a stop function. Each tick first claims the
 * job's current period through the rate limiter (limit 1 per lease): in one process that always
 * succeeds, and with Redis only one of several processes runs the job each period, so the SEC's
 * request budget and the ingest work are not multiplied by the number of instances.
 */
export function startScheduler(
  db: Db,
  log: (line: string) => void,
  selected: readonly Job[] = jobs,
  leases: RateLimiter = getRateLimiter(),
): () => void {
  const timers = selected.map((job) => {
    const tick = () =>
      void leases
        .hit(`job:${job.name}`, 1, jobLeaseMs(job.everyMs))
        // Without the shared store the job runs anyway: every job is safe to repeat (ingest is
        // idempotent, scheduled reports claim their runs), and a stale product is the worse failure.
        .catch((error: unknown) => {
          log(`job ${job.name}: lease unavailable (${error instanceof Error ? error.message : String(error)}); running unleased`);
          return { allowed: true };
        })
        .then((lease) => (lease.allowed ? runJobs(db, [job]) : []))
        .then(([result]) => {
          if (result && !result.ok) log(`job ${result.name} failed: ${result.detail}`);
        });
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
