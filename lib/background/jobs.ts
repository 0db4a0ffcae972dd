import { ingestJobs } from '../ingest/jobs';
import { mailJobs } from '../notifications/mail-jobs';
import { runDueReportSchedules } from '../reports/schedules';
import { failStaleReports } from '../reports/service';
import { searchIndexJob } from '../signals/search-index';
import type { Job } from '../jobs/job';

// The product's periodic work. The background process runs it on a timer; on hosts without a long-lived
// process (Vercel) GET /api/cron runs the jobs that are due. Both go through lib/jobs/scheduler.ts.

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
  searchIndexJob,
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
