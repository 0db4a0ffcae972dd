import type { Db } from '../db';

/**
 * One periodic piece of work. Domains declare their jobs (lib/ingest/jobs.ts, lib/notifications/mail-jobs.ts) and
 * lib/background/jobs.ts lists them for lib/jobs/scheduler.ts, so a domain depends on this shape, not on the list.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<string>;
}
