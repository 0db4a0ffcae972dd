import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { SecClient } from './client';
import { parseCurrentFeed, subjectParty } from './feed';
import { handledForms, itemsAdded, openSecRun, processFilings, summarise, type FilingRef } from './filings';
import { getSecState } from './state';
import { cikDigits } from './urls';

/**
 * EDGAR's current-filings feed, one request per form in SEC_FEED_FORMS (8-K, 4, DEF 14A): the
 * fastest way to see a filing, minutes after acceptance.
 */
export const secCurrentIngester: Ingester = {
  source: 'sec-current',
  dataSourceKey: 'sec-filings',
  intervalMs: (config) => config.sec.feedIntervalMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { userAgent, userAgentProblem, baseUrl, dataBaseUrl, feedForms } = context.config.sec;
    if (!userAgent) return { status: 'skipped', itemsAdded: 0, message: userAgentProblem ?? 'SEC_USER_AGENT is not set.' };
    const client = new SecClient({ baseUrl, dataBaseUrl, userAgent }, context.config.timeoutMs);
    const run = await openSecRun(context, client, getSecState());

    const byAccession = new Map<string, FilingRef>();
    const feedErrors: string[] = [];
    for (const form of feedForms) {
      try {
        const filings = parseCurrentFeed(await client.getText(client.feedUrl(form)));
        for (const filing of filings) {
          const party = subjectParty(filing);
          if (!party || byAccession.has(filing.accession) || !handledForms.includes(filing.form)) continue;
          byAccession.set(filing.accession, {
            accession: filing.accession,
            form: filing.form,
            cik: party.cik,
            companyName: party.name,
            filedAt: filing.acceptedAt,
            items: filing.items,
            indexUrl: filing.indexUrl,
          });
        }
      } catch (error) {
        feedErrors.push(`${form} feed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (feedErrors.length === feedForms.length) {
      return { status: 'error', itemsAdded: 0, message: `Could not read the EDGAR current feed: ${feedErrors.join('; ')}` };
    }

    // Tracked companies first: their filings are what a subscriber waits for.
    const filings = [...byAccession.values()].sort(
      (a, b) => Number(run.byCik.has(cikDigits(b.cik))) - Number(run.byCik.has(cikDigits(a.cik))) || b.filedAt.getTime() - a.filedAt.getTime(),
    );
    const looked = await processFilings(run, filings);
    const lead = `Read ${feedForms.length - feedErrors.length} of ${feedForms.length} feeds (${filings.length} filings of interest, ${looked} new to this process)`;
    const message = summarise(run, feedErrors.length ? `${lead}; ${feedErrors.join('; ')}` : lead);
    return { status: feedErrors.length ? 'error' : 'ok', itemsAdded: itemsAdded(run), message };
  },
};
