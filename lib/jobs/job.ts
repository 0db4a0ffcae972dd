import type { Db } from '../db';

/**
 * One periodic piece of work. Domains declare their jobs (lib/ingest/jobs.ts, lib/mail/jobs.ts) and
 * lib/jobs/registry.ts collects and runs them, so a domain depends on this shape, not on the registry.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<string>;
}
