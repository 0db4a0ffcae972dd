import type { Db } from '../db';
import { ingestJobs } from '../ingest/jobs';
import { runDueReportSchedules } from '../reports/schedules';
import { failStaleReports } from '../reports/service';

// Periodic work. server.ts runs due jobs on a timer; on hosts without a long-lived process
// (Vercel) the same jobs run through GET /api/cron, called by the platform's scheduler.

export interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<string>;
}

const day = 24 * 60 * 60 * 1000;
export const clientErrorRetentionMs = 90 * day;

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

/** Runs each job now and then every `everyMs`; returns a stop function. */
export function startScheduler(db: Db, log: (line: string) => void, selected: readonly Job[] = jobs): () => void {
  const timers = selected.map((job) => {
    const tick = () =>
      void runJobs(db, [job]).then(([result]) => {
        if (result && !result.ok) log(`job ${result.name} failed: ${result.detail}`);
      });
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
