import type { Db } from '../db';
import { enUsDay } from '../en-us';
import { type IngestConfig, readIngestConfig } from './config';
import { type SourceState, sourceStateLabels } from './labels';

// The one answer to "what state is this data source in" (issue 27), read by /api/health,
// /api/data-sources, the Data Sources screen, the Signals tab (through /api/data-sources), /api/data/latest
// and the dashboard's data-age notice. It comes from the ingester's record on the DataSource row
// (lastSuccessAt, lastAttemptAt, lastError) and the ingester's cadence, never from the catalogue's seed
// status. Spec 001 §4 names three status values; the four states map onto them:
//   live, stale -> active ("Live" is the spec's label; a stale source is still connected)
//   not-connected -> integration (an ingester exists but has never delivered)
//   planned -> planned (no ingester reads the source)
// Two texts come with each state: `summary`, what a subscriber reads (no URL, host, errno or setting),
// and `technicalDetail`, the raw error and settings, for admins only.

export type SpecSourceStatus = 'active' | 'integration' | 'planned';

const specStatus: Record<SourceState, SpecSourceStatus> = { live: 'active', stale: 'active', 'not-connected': 'integration', planned: 'planned' };

interface Ingester {
  /** Another source whose ingest record this one shares (board appointments are read by the SEC feed). */
  stateOf?: string;
  cadenceMs: (config: IngestConfig) => number;
  /** How the cadence reads: in seconds or hours, per company or per run, and what else to say. */
  cadence: { unit: 's' | 'h'; eachCompany?: boolean; note?: string } | { text: string };
  /** Who could not be reached, as a subscriber names it. */
  subject: string;
  /** What an outage means for the figures, after "—". */
  impact: string;
}

function cadenceText(ingester: Ingester, config: IngestConfig): string {
  const { cadence } = ingester;
  if ('text' in cadence) return cadence.text;
  const amount = ingester.cadenceMs(config) / (cadence.unit === 's' ? 1000 : 3_600_000);
  return `${cadence.eachCompany ? 'each company ' : ''}every ${amount} ${cadence.unit}${cadence.note ? `, ${cadence.note}` : ''}`;
}

/**
 * The sources an ingester fills, with its cadence: a source is live while its last successful ingest
 * is within two runs of that cadence (docs/metrics.md, "Live"). The holdings table is imported from a
 * recorded copy at seed time: its last success is the newest scrape date, its cadence daily. The
 * market-data ingest (issue 11) reads each company's closes and filings once a period.
 */
const ingesters: Record<string, Ingester> = {
  'sec-filings': { cadenceMs: (config) => config.sec.feedIntervalMs, cadence: { unit: 's' }, subject: 'SEC filings', impact: 'signals from newer filings are not in yet' },
  'board-appointments': {
    stateOf: 'sec-filings',
    cadenceMs: (config) => config.sec.feedIntervalMs,
    cadence: { unit: 's', note: 'through the SEC feed' },
    subject: 'SEC filings',
    impact: 'board changes from newer filings are not in yet',
  },
  'market-prices': { cadenceMs: (config) => config.market.intervalMs, cadence: { unit: 's' }, subject: 'Market prices', impact: 'figures use the last stored price' },
  'holdings-table': {
    cadenceMs: () => 86_400_000,
    cadence: { text: 'daily scrapes, imported from a recorded copy' },
    subject: 'The holdings table',
    impact: 'holdings are those of the last imported table',
  },
  'equity-prices': {
    cadenceMs: (config) => config.equity.periodMs,
    cadence: { unit: 'h', eachCompany: true },
    subject: 'Share prices',
    impact: 'market caps and mNAV use the last stored closes',
  },
  'fx-rates': {
    cadenceMs: (config) => config.fx.intervalMs,
    cadence: { unit: 'h', note: 'the ECB publishes once a working day' },
    subject: 'FX reference rates',
    impact: 'non-USD share prices use the last stored rates',
  },
  'sec-companyfacts': {
    cadenceMs: (config) => config.sec.companyFactsPeriodMs,
    cadence: { unit: 'h', eachCompany: true },
    subject: 'SEC fundamentals',
    impact: 'share counts, debt and cash use the last stored filings',
  },
  'coingecko-treasury': {
    cadenceMs: (config) => config.market.treasuryIntervalMs,
    cadence: { unit: 'h' },
    subject: "CoinGecko's treasury list",
    impact: 'the second holdings figure is from the last stored list',
  },
};

/** A DataSource row's ingest record. */
export interface IngestRecord {
  key: string;
  name: string;
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
}

export interface DerivedSourceState {
  key: string;
  name: string;
  state: SourceState;
  label: string;
  status: SpecSourceStatus;
  /** The ingester's last run failed (the ingest clears lastError on success). */
  failing: boolean;
  /** From the record the state was read from (the SEC feed's, for board appointments). */
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  /** What a subscriber reads. */
  summary: string;
  /** The raw error and the settings behind the state: admins only. */
  technicalDetail: string;
}

function subscriberSummary(state: SourceState, ingester: Ingester | undefined, record: IngestRecord, failing: boolean, config: IngestConfig): string {
  if (!ingester) return 'Planned: this source is not read yet.';
  const cadence = cadenceText(ingester, config);
  const since = record.lastSuccessAt ? enUsDay(record.lastSuccessAt) : null;
  if (state === 'live') {
    return failing
      ? `Up to date within its usual cadence (${cadence}); the latest update attempt did not get through and is retried on schedule.`
      : `Up to date: updated within its usual cadence (${cadence}).`;
  }
  if (failing) return `${ingester.subject} could not be reached ${since ? `since ${since}` : 'yet'} — ${ingester.impact}.`;
  if (state === 'stale') return `Not updated since ${since}, later than its usual cadence (${cadence}) — ${ingester.impact}.`;
  return 'Not connected yet: no update has been received from this source.';
}

function adminDetail(ingester: Ingester | undefined, record: IngestRecord, config: IngestConfig): string {
  if (!ingester) return 'No ingester is built for this source yet.';
  const parts = [`Cadence: ${cadenceText(ingester, config)}.`];
  if (ingester.stateOf) parts.push(`State read from the ${ingester.stateOf} record.`);
  parts.push(record.lastAttemptAt ? `Last attempt ${record.lastAttemptAt.toISOString()}.` : 'No attempt recorded.');
  parts.push(record.lastSuccessAt ? `Last success ${record.lastSuccessAt.toISOString()}.` : 'No run has succeeded.');
  if (record.lastError) parts.push(`Last error: ${record.lastError}`);
  if (!config.enabled) parts.push('Scheduled ingest is switched off (INGEST_ENABLED).');
  return parts.join(' ');
}

function deriveOne(source: IngestRecord, record: IngestRecord, config: IngestConfig, now: Date): DerivedSourceState {
  const ingester = ingesters[source.key];
  const failing = Boolean(ingester && record.lastError);
  let state: SourceState = 'planned';
  if (ingester) {
    if (!record.lastSuccessAt) state = 'not-connected';
    else state = now.getTime() - record.lastSuccessAt.getTime() <= 2 * ingester.cadenceMs(config) ? 'live' : 'stale';
  }
  return {
    key: source.key,
    name: source.name,
    state,
    label: sourceStateLabels[state],
    status: specStatus[state],
    failing,
    lastSuccessAt: ingester ? record.lastSuccessAt : null,
    lastAttemptAt: ingester ? record.lastAttemptAt : null,
    lastError: ingester ? record.lastError : null,
    summary: subscriberSummary(state, ingester, record, failing, config),
    technicalDetail: adminDetail(ingester, record, config),
  };
}

/** Each record's state; a source that shares another's ingest record (stateOf) reads that one. */
export function deriveSourceStates(records: IngestRecord[], config: IngestConfig = readIngestConfig(), now = new Date()): DerivedSourceState[] {
  const byKey = new Map(records.map((record) => [record.key, record]));
  return records.map((record) => deriveOne(record, byKey.get(ingesters[record.key]?.stateOf ?? record.key) ?? record, config, now));
}

/** Every stored source's state, ordered by key. */
export async function loadSourceStates(db: Db, now = new Date()): Promise<DerivedSourceState[]> {
  const records = await db.dataSource.findMany({
    select: { key: true, name: true, lastSuccessAt: true, lastAttemptAt: true, lastError: true },
    orderBy: { key: 'asc' },
  });
  return deriveSourceStates(records, readIngestConfig(), now);
}

/** A source's state as a signed-in user receives it (no error text). */
export interface SourceStateView {
  key: string;
  name: string;
  state: SourceState;
  label: string;
  status: SpecSourceStatus;
  lastSuccessAt: string | null;
  summary: string;
}

/** What an admin receives besides: the raw error and the detail behind the state. */
export interface AdminSourceStateView extends SourceStateView {
  lastAttemptAt: string | null;
  lastError: string | null;
  technicalDetail: string;
}

export function toSourceStateView(source: DerivedSourceState): SourceStateView {
  const { key, name, state, label, status, summary } = source;
  return { key, name, state, label, status, lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null, summary };
}

export function toAdminSourceStateView(source: DerivedSourceState): AdminSourceStateView {
  return {
    ...toSourceStateView(source),
    lastAttemptAt: source.lastAttemptAt?.toISOString() ?? null,
    lastError: source.lastError,
    technicalDetail: source.technicalDetail,
  };
}
