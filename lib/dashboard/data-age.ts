// The dashboard's one notice about how old its newest data is and why (issue 12, point 6): a fresh
// install opens on a history that ends months ago, and counters of 0 read as broken without a word.

import { enUsDay } from '@/lib/en-us';

const day = 86_400_000;

interface IngestRecord {
  name: string;
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
}

export interface DataAgeInput {
  now: Date;
  /** Newest stored (confirmed) holdings reading and BTC price. */
  newest: (Date | null)[];
  ingestEnabled: boolean;
  /** The live sources' ingest records (SEC, market prices). */
  liveSources: IngestRecord[];
}

type DataAgeReason = 'current' | 'offline-demo' | 'source-unreachable' | 'never-ingested' | 'last-ingest' | 'no-data';

export interface DataAge {
  reason: DataAgeReason;
  newestAt: string | null;
  ageDays: number | null;
  /** The notice's sentence; null when the data is from the last day and nothing needs saying. */
  message: string | null;
}

export function describeDataAge(input: DataAgeInput): DataAge {
  const times = input.newest.filter((date): date is Date => date !== null).map((date) => date.getTime());
  if (times.length === 0) return { reason: 'no-data', newestAt: null, ageDays: null, message: 'No data is stored yet: run npm run db:seed, or let the ingest run.' };
  const newest = new Date(Math.max(...times));
  const ageDays = Math.floor((input.now.getTime() - newest.getTime()) / day);
  const base = { newestAt: newest.toISOString(), ageDays };
  if (ageDays < 1) return { ...base, reason: 'current', message: null };
  const age = `The newest data is from ${enUsDay(newest)}, ${ageDays} day${ageDays === 1 ? '' : 's'} ago`;
  const counters = ' Counters count what is stored, so windows like "last 30 days" may be empty.';
  if (!input.ingestEnabled) {
    return { ...base, reason: 'offline-demo', message: `${age}: live ingest is switched off, so this is the offline demo on the recorded history.${counters}` };
  }
  const failing = input.liveSources.filter(
    (source) => source.lastError && source.lastAttemptAt && (!source.lastSuccessAt || source.lastAttemptAt > source.lastSuccessAt),
  );
  const lastSuccess = input.liveSources.map((source) => source.lastSuccessAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  const lastIngest = lastSuccess ? `last successful ingest ${enUsDay(new Date(lastSuccess))}` : 'no ingest has succeeded yet';
  if (failing.length > 0) {
    const names = failing.map((source) => `${source.name} (${source.lastError})`).join('; ');
    return { ...base, reason: 'source-unreachable', message: `${age}: sources could not be reached: ${names}; ${lastIngest}.${counters}` };
  }
  if (!lastSuccess && input.liveSources.every((source) => !source.lastAttemptAt)) {
    return { ...base, reason: 'never-ingested', message: `${age}: no live ingest has run yet.${counters}` };
  }
  return { ...base, reason: 'last-ingest', message: `${age}: ${lastIngest}.${counters}` };
}
