import type { Db } from '../db';
import { getRateLimiter, type RateLimiter } from '../rate-limit/limiter';
import type { Job } from './job';

// Runs jobs: all at once (runJobs), on a timer in a long-lived process (startScheduler), or as one
// pass of a platform cron (runDueJobs). Each period of a job goes through the same lease
// (claimJobPeriod): with several processes or function instances sharing REDIS_URL, one of them runs it.
// The list of the product's jobs is the entry points' (lib/background/jobs.ts).

export interface JobResult {
  name: string;
  ok: boolean;
  detail: string;
}

export async function runJobs(db: Db, selected: readonly Job[]): Promise<JobResult[]> {
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
 * Takes the job's current period through the rate limiter (limit 1 per lease): in one process that
 * always succeeds, and with Redis only one of several processes (or serverless instances) gets it, so
 * the SEC's request budget and the ingest work are not multiplied by the number of instances.
 */
async function claimJobPeriod(job: Job, leases: RateLimiter, log: (line: string) => void): Promise<boolean> {
  try {
    return (await leases.hit(`job:${job.name}`, 1, jobLeaseMs(job.everyMs))).allowed;
  } catch (error) {
    // Without the shared store the job runs anyway: every job is safe to repeat (ingest is
    // idempotent, scheduled reports claim their runs), and a stale product is the worse failure.
    log(`job ${job.name}: lease unavailable (${error instanceof Error ? error.message : String(error)}); running unleased`);
    return true;
  }
}

/**
 * Runs each job now and then every `everyMs`, each period only where its lease was won. Returns a stop
 * function: no run starts after it, and its promise settles once the runs in progress have (a process
 * that is stopping closes the database after them, not under them).
 */
export function startScheduler(
  db: Db,
  log: (line: string) => void,
  selected: readonly Job[],
  leases: RateLimiter = getRateLimiter(),
): () => Promise<void> {
  let isStopped = false;
  const inFlight = new Set<Promise<void>>();
  const timers = selected.map((job) => {
    const tick = () => {
      const run = claimJobPeriod(job, leases, log)
        .then(async (claimed) => {
          if (!claimed) return;
          // Claimed as the stop came: the period goes back, so that another process runs it.
          if (isStopped) return void (await leases.reset(`job:${job.name}`));
          const [result] = await runJobs(db, [job]);
          if (result && !result.ok) log(`job ${result.name} ${isStopped ? 'interrupted by the stop' : 'failed'}: ${result.detail}`);
        })
        .catch((error: unknown) => log(`job ${job.name}: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    isStopped = true;
    timers.forEach(clearInterval);
    await Promise.allSettled(inFlight);
  };
}

export interface DueJobsOptions {
  /** Time for the whole call; no job starts once less than `jobBudgetMs` of it is left. */
  budgetMs: number;
  /** The longest one job may take before the call stops waiting for it and reports it unfinished. */
  jobBudgetMs: number;
  leases?: RateLimiter;
  log?: (line: string) => void;
}

export interface DueJobsReport {
  results: JobResult[];
  /** Jobs whose period another caller (or an earlier call) already holds. */
  notDue: string[];
  /** Due jobs left for the next call because the budget ran out. */
  deferred: string[];
}

/**
 * One pass of the scheduler for a platform cron (GET /api/cron): each job whose period lease it wins
 * runs, in turn, within a time budget that keeps the call inside the function's maxDuration.
 */
export async function runDueJobs(db: Db, options: DueJobsOptions, selected: readonly Job[]): Promise<DueJobsReport> {
  const { budgetMs, jobBudgetMs, leases = getRateLimiter(), log = console.warn } = options;
  const deadline = Date.now() + budgetMs;
  const report: DueJobsReport = { results: [], notDue: [], deferred: [] };
  for (const job of selected) {
    if (deadline - Date.now() < jobBudgetMs) {
      report.deferred.push(job.name);
      continue;
    }
    if (!(await claimJobPeriod(job, leases, log))) {
      report.notDue.push(job.name);
      continue;
    }
    let timer: NodeJS.Timeout | undefined;
    const overtime = new Promise<JobResult>((resolve) => {
      timer = setTimeout(() => resolve({ name: job.name, ok: false, detail: `still running after its ${jobBudgetMs} ms budget` }), jobBudgetMs);
    });
    const [result] = await Promise.race([runJobs(db, [job]), overtime.then((late) => [late])]);
    clearTimeout(timer);
    report.results.push(result!);
  }
  return report;
}
