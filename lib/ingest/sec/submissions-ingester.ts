import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { SecClient } from './client';
import { handledForms, itemsAdded, openSecRun, processFilings, summarise, type FilingRef } from './filings';
import { dueSecCompanies } from './due-companies';
import { getSecState } from './state';
import { parseSubmissions } from './submissions';
import { cikDigits } from './urls';
import { isoDay } from '../../dates';

/** How often the scheduler looks for companies whose turn has come. */
const submissionsTickMs = 60_000;
/** Companies read by one manual run, so a refresh click stays short. */
const manualBatch = 3;
/** Filings per company looked at in one read: the newest within the lookback window. */
const maxFilingsPerCompany = 40;
const day = 86_400_000;

/**
 * Each tracked company's submissions file (data.sec.gov), every SEC_SUBMISSIONS_PERIOD_HOURS,
 * spread out: a scheduled run reads only as many companies as keeps the whole list on that period,
 * oldest check first. It catches what the feed missed (downtime, older filings).
 */
export const secSubmissionsIngester: Ingester = {
  source: 'sec-submissions',
  dataSourceKey: 'sec-filings',
  intervalMs: () => submissionsTickMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { baseUrl, dataBaseUrl, submissionsPeriodMs, lookbackDays } = context.config.sec;
    const state = getSecState();
    const schedule = await dueSecCompanies(context, {
      periodMs: submissionsPeriodMs,
      tickMs: submissionsTickMs,
      checkedAt: state.submissionsCheckedAt,
      manualBatch,
      minPerRun: 1,
      nothingDueMessage: 'No company is due for a submissions check.',
    });
    if ('status' in schedule) return schedule;
    const { userAgent, now, due } = schedule;

    const client = new SecClient({ baseUrl, dataBaseUrl, userAgent }, context.config.timeoutMs);
    const run = await openSecRun(context, client, state);
    const since = isoDay(new Date(now - lookbackDays * day));
    const readErrors: string[] = [];
    let looked = 0;
    for (const company of due) {
      const cik = cikDigits(company.secCik!);
      let filings: FilingRef[];
      try {
        const submissions = parseSubmissions(await client.getJson(client.submissionsUrl(cik)));
        filings = submissions.filings
          .filter((filing) => handledForms.includes(filing.form) && filing.filingDate >= since)
          .slice(0, maxFilingsPerCompany)
          .map((filing) => ({
            accession: filing.accession,
            form: filing.form,
            cik,
            companyName: submissions.name,
            filedAt: filing.acceptedAt ?? new Date(`${filing.filingDate}T00:00:00Z`),
            items: filing.items,
            primaryDocument: filing.primaryDocument,
          }));
      } catch (error) {
        readErrors.push(`${company.name}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      looked += await processFilings(run, filings);
      state.submissionsCheckedAt.set(company.id, now);
    }

    const read = due.length - readErrors.length;
    const lead = `Read the submissions of ${read} of ${due.length} due companies (${looked} filings since ${since} new to this process)`;
    const message = summarise(run, readErrors.length ? `${lead}; could not read ${readErrors.slice(0, 3).join('; ')}` : lead);
    return { status: read === 0 ? 'error' : 'ok', itemsAdded: itemsAdded(run), message };
  },
};
