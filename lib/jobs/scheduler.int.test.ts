import crypto from 'node:crypto';
import Redis from 'ioredis';
import { db } from '@/lib/db';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '@/lib/rate-limit/limiter';
import type { Job } from './job';
import { jobLeaseMs, runDueJobs, startScheduler } from './scheduler';

// The scheduler leases each period of a job to one process: alone it runs every period; two
// processes sharing a store (Redis in production) run it once per period between them.

const everyMs = 400;
const observeMs = 1_900;

function countingJob(periodMs = everyMs): Job & { runs: number } {
  const job = {
    name: `lease-test-${crypto.randomUUID()}`,
    everyMs: periodMs,
    runs: 0,
    async run() {
      job.runs += 1;
      return 'ran';
    },
  };
  return job;
}

async function runFor(ms: number, schedulers: Array<{ job: Job; leases: RateLimiter }>) {
  const log: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  for (const [index, { job, leases }] of schedulers.entries()) {
    // The second process starts a moment later, as a second instance would.
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 60));
    stops.push(startScheduler(db, (line) => log.push(line), [job], leases));
  }
  await new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(stops.map((stop) => stop()));
  return log;
}

it('leases a little less than the period', () => {
  expect(jobLeaseMs(15_000)).toBe(14_000);
  expect(jobLeaseMs(400)).toBe(360);
  expect(jobLeaseMs(1)).toBe(1);
});

it('runs a job every period in a single process', async () => {
  const job = countingJob();
  const log = await runFor(observeMs, [{ job, leases: new MemoryRateLimiter() }]);
  expect(job.runs).toBeGreaterThanOrEqual(4);
  expect(log).toEqual([]);
});

it('runs a job once per period between two processes sharing the lease store', async () => {
  const job = countingJob();
  const shared = new MemoryRateLimiter();
  await runFor(observeMs, [
    { job, leases: shared },
    { job, leases: shared },
  ]);
  expect(job.runs).toBeGreaterThanOrEqual(4);
  expect(job.runs).toBeLessThanOrEqual(Math.ceil(observeMs / everyMs) + 1);
});

it('runs the job unleased when the lease store fails, and says so', async () => {
  const job = countingJob();
  const broken: RateLimiter = {
    hit: () => Promise.reject(new Error('store down')),
    count: () => Promise.resolve(0),
    reset: () => Promise.resolve(),
  };
  const log = await runFor(500, [{ job, leases: broken }]);
  expect(job.runs).toBeGreaterThanOrEqual(1);
  expect(log[0]).toMatch(/lease unavailable \(store down\); running unleased/);
});

it('stops: its promise settles once the run in progress has, and a period claimed after it goes back unrun', async () => {
  let finishRun = () => {};
  const started: string[] = [];
  const slow: Job = {
    name: `stop-test-${crypto.randomUUID()}`,
    everyMs: 60_000,
    run: () => new Promise((resolve) => (started.push('slow'), (finishRun = () => resolve('done')))),
  };
  // Its lease is still being claimed when the stop comes: it must not run, and gives the period back.
  let grantLease = (_allowed: boolean) => {};
  const pending = countingJob(60_000);
  const memory = new MemoryRateLimiter();
  const resets: string[] = [];
  const leases: RateLimiter = {
    hit: (key, limit, windowMs) =>
      key === `job:${pending.name}` ? new Promise((resolve) => (grantLease = (allowed) => resolve({ allowed, remaining: 0, resetMs: windowMs }))) : memory.hit(key, limit, windowMs),
    count: (key) => memory.count(key),
    reset: async (key) => void resets.push(key),
  };
  const log: string[] = [];
  const stop = startScheduler(db, (line) => log.push(line), [slow, pending], leases);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(started).toEqual(['slow']);

  let isStopped = false;
  const stopped = stop().then(() => (isStopped = true));
  grantLease(true);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(isStopped).toBe(false);
  finishRun();
  await stopped;
  expect(pending.runs).toBe(0);
  expect(resets).toEqual([`job:${pending.name}`]);
  expect(log).toEqual([]);
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? it : it.skip)('runs a job once per period between two processes sharing Redis (REDIS_URL)', async () => {
  const job = countingJob();
  const first = new RedisRateLimiter(new Redis(redisUrl!, { maxRetriesPerRequest: 2 }));
  const second = new RedisRateLimiter(new Redis(redisUrl!, { maxRetriesPerRequest: 2 }));
  try {
    await runFor(observeMs, [
      { job, leases: first },
      { job, leases: second },
    ]);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
  expect(job.runs).toBeGreaterThanOrEqual(4);
  expect(job.runs).toBeLessThanOrEqual(Math.ceil(observeMs / everyMs) + 1);
});

describe('runDueJobs (a platform cron\'s pass)', () => {
  const slowJob = (ms: number): Job => ({ name: `slow-${crypto.randomUUID()}`, everyMs: 60_000, run: () => new Promise((resolve) => setTimeout(() => resolve('done'), ms)) });

  it('shares the scheduler\'s leases: a period a process already ran is not due', async () => {
    const job = countingJob();
    const leases = new MemoryRateLimiter();
    const stop = startScheduler(db, () => {}, [job], leases);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(job.runs).toBe(1);
    expect(await runDueJobs(db, { budgetMs: 5_000, jobBudgetMs: 1_000, leases }, [job])).toEqual({ results: [], notDue: [job.name], deferred: [] });
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    expect((await runDueJobs(db, { budgetMs: 5_000, jobBudgetMs: 1_000, leases }, [job])).results).toEqual([{ name: job.name, ok: true, detail: 'ran' }]);
    expect(job.runs).toBe(2);
  });

  it('reports a job that outlives its budget and leaves jobs it has no time for to the next call', async () => {
    const slow = slowJob(600);
    const next = countingJob();
    const report = await runDueJobs(db, { budgetMs: 500, jobBudgetMs: 300, leases: new MemoryRateLimiter() }, [slow, next]);
    expect(report.results).toEqual([{ name: slow.name, ok: false, detail: 'still running after its 300 ms budget' }]);
    expect(report.deferred).toEqual([next.name]);
    expect(next.runs).toBe(0);
  });
});
