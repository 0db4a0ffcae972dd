// The dashboard's one notice about how old its newest data is and why (issue 12, point 6): a fresh
// install opens on a history that ends months ago, and counters of 0 read as broken without a word.
// Its sentences are a subscriber's (issue 27): a failing source is named by its state's summary
// (lib/data-sources/state.ts), never by its raw error; admins get that detail beside the notice.

import type { DerivedSourceState } from '@/lib/data-sources/state';
import { enUsDay } from '@/lib/en-us';

const day = 86_400_000;

type LiveSource = Pick<DerivedSourceState, 'key' | 'summary' | 'failing' | 'lastSuccessAt' | 'lastAttemptAt'>;

/** With no data stored at all: a product sentence, not an operator's instruction. */
export const noDataMessage = 'No company data is available yet. The tracked companies and their holdings appear here once the first data has been collected.';

export interface DataAgeInput {
  now: Date;
  /** Newest stored (confirmed) holdings reading and BTC price. */
  newest: (Date | null)[];
  ingestEnabled: boolean;
  /** The live sources' states (SEC filings, market prices). */
  liveSources: LiveSource[];
}

type DataAgeReason = 'current' | 'offline-demo' | 'source-unreachable' | 'never-ingested' | 'last-ingest' | 'no-data';

export interface DataAge {
  reason: DataAgeReason;
  newestAt: string | null;
  ageDays: number | null;
  /** The notice's sentence; null when the data is from the last day and nothing needs saying. */
  message: string | null;
  /** The sources the notice says could not be reached, whose technical detail an admin may open. */
  failingSources: string[];
}

export function describeDataAge(input: DataAgeInput): DataAge {
  const times = input.newest.filter((date): date is Date => date !== null).map((date) => date.getTime());
  if (times.length === 0) return { reason: 'no-data', newestAt: null, ageDays: null, message: noDataMessage, failingSources: [] };
  const newest = new Date(Math.max(...times));
  const ageDays = Math.floor((input.now.getTime() - newest.getTime()) / day);
  const base = { newestAt: newest.toISOString(), ageDays, failingSources: [] };
  if (ageDays < 1) return { ...base, reason: 'current', message: null };
  const age = `The newest data is from ${enUsDay(newest)}, ${ageDays} day${ageDays === 1 ? '' : 's'} ago`;
  const counters = ' Counters count what is stored, so windows like "last 30 days" may be empty.';
  // A recorded failure is the most specific reason, whether or not the schedule runs now.
  const failing = input.liveSources.filter((source) => source.failing);
  if (failing.length > 0) {
    const summaries = failing.map((source) => source.summary).join(' ');
    return { ...base, reason: 'source-unreachable', message: `${age}. ${summaries}${counters}`, failingSources: failing.map((source) => source.key) };
  }
  if (!input.ingestEnabled) {
    return { ...base, reason: 'offline-demo', message: `${age}: live ingest is switched off, so this is the offline demo on the recorded history.${counters}` };
  }
  const lastSuccess = input.liveSources.map((source) => source.lastSuccessAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  const lastIngest = lastSuccess ? `last successful ingest ${enUsDay(new Date(lastSuccess))}` : 'no ingest has succeeded yet';
  if (!lastSuccess && input.liveSources.every((source) => !source.lastAttemptAt)) {
    return { ...base, reason: 'never-ingested', message: `${age}: no live ingest has run yet.${counters}` };
  }
  return { ...base, reason: 'last-ingest', message: `${age}: ${lastIngest}.${counters}` };
}
