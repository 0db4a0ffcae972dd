import type { IngestContext, IngestOutcome } from '../types';

interface DueSecCompanies {
  userAgent: string;
  now: number;
  due: { id: string; name: string; secCik: string | null }[];
}

interface Schedule {
  /** Each company is read once per period. */
  periodMs: number;
  /** How often the scheduler runs the ingester. */
  tickMs: number;
  /** When each company was last read (ms since the epoch). */
  checkedAt: ReadonlyMap<string, number>;
  /** Companies read by a manual run. */
  manualBatch: number;
  /** Companies a scheduled run reads at the least. */
  minPerRun: number;
  nothingDueMessage: string;
}

/**
 * The spread-out reads of the per-company SEC ingesters: of the companies with a CIK, those whose last
 * read is a period old, oldest first, as many a run as keep the whole list on that period. An outcome
 * instead when a run has nothing to do: no declared User-Agent (SEC's fair-access rule), no CIK, nobody due.
 */
export async function dueSecCompanies(context: IngestContext, schedule: Schedule): Promise<IngestOutcome | DueSecCompanies> {
  const { userAgent, userAgentProblem } = context.config.sec;
  if (!userAgent) return { status: 'skipped', itemsAdded: 0, message: userAgentProblem ?? 'SEC_USER_AGENT is not set.' };
  const companies = await context.db.company.findMany({ where: { secCik: { not: null } }, select: { id: true, name: true, secCik: true }, orderBy: { id: 'asc' } });
  if (companies.length === 0) return { status: 'ok', itemsAdded: 0, message: 'No tracked company has an SEC CIK.' };

  const now = context.now().getTime();
  const lastChecked = (id: string) => schedule.checkedAt.get(id) ?? 0;
  const perRun = context.kind === 'manual' ? schedule.manualBatch : Math.max(schedule.minPerRun, Math.ceil((companies.length * schedule.tickMs) / schedule.periodMs));
  const due = companies
    .filter((company) => now - lastChecked(company.id) >= schedule.periodMs)
    .sort((a, b) => lastChecked(a.id) - lastChecked(b.id))
    .slice(0, perRun);
  if (due.length === 0) return { status: 'ok', itemsAdded: 0, message: schedule.nothingDueMessage };
  return { userAgent, now, due };
}
