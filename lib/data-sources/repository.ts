import type { Db } from '../db';
import { holdingsSignalSource } from '../db/seed-signals';
import { dataSourceCatalogue } from './catalogue';
import { formatDay } from '../format';
import { type IngestConfig, readIngestConfig } from '../ingest/config';
import { categoryName, sourceCategories, type SourceState, sourceStateLabels } from './labels';
import type { DataSourcesResponse, DataSourceView } from './schema';

// The Data Sources screen (spec 001 §2, §3): the stored catalogue with signal counts taken from
// the stored signals. Each source counts the signals its ingester writes (Signal.source values);
// a source without an ingester counts none and says so, instead of the spec's sample figure.

interface SignalMatcher {
  /** Signal.source starts with one of these. */
  sourcePrefixes?: string[];
  /** Or Signal.signalType is one of these. */
  signalTypes?: string[];
  /** How the count is made, shown under it. */
  note: string;
}

const matchers: Record<string, SignalMatcher> = {
  'sec-filings': { sourcePrefixes: ['SEC EDGAR'], note: 'Signals from 8-K, Form 4 and proxy filings read from EDGAR.' },
  'board-appointments': { signalTypes: ['board-meeting'], note: 'Board and officer changes (8-K items 5.02, 5.07) and proxy statements, read through the SEC feed.' },
  'holdings-table': { sourcePrefixes: [holdingsSignalSource], note: 'Signals derived from the holdings changes this table recorded.' },
  'market-prices': { note: 'Prices feed the metrics and the dashboard; they raise no signals.' },
  'fx-rates': { note: 'FX rates convert share prices to US dollars; they raise no signals.' },
  'equity-prices': { note: 'Share prices feed mNAV and the other metrics; they raise no signals.' },
  'sec-companyfacts': { note: 'Share counts, debt, cash and preferred equity feed the metrics; they raise no signals.' },
  'coingecko-treasury': { note: 'A second holdings figure per company; a disagreement flags the company instead of raising a signal.' },
};

const noIngesterNote = 'No ingester yet: this source collects no signals.';

/**
 * The sources an ingester fills, with its cadence: a source is "connected and fresh" while its last
 * successful ingest is within two runs of that cadence (docs/metrics.md, "Live"). Board appointments
 * are read by the SEC ingesters, so they share the SEC row's state. The holdings table is imported
 * from a recorded copy at seed time: its last success is the newest scrape date, its cadence daily.
 */
const ingesters: Record<string, { stateOf?: string; cadenceMs: (config: IngestConfig) => number; cadenceText: (config: IngestConfig) => string }> = {
  'sec-filings': { cadenceMs: (config) => config.sec.feedIntervalMs, cadenceText: (config) => `every ${config.sec.feedIntervalMs / 1000} s` },
  'board-appointments': {
    stateOf: 'sec-filings',
    cadenceMs: (config) => config.sec.feedIntervalMs,
    cadenceText: (config) => `every ${config.sec.feedIntervalMs / 1000} s, through the SEC feed`,
  },
  'market-prices': { cadenceMs: (config) => config.market.intervalMs, cadenceText: (config) => `every ${config.market.intervalMs / 1000} s` },
  'holdings-table': { cadenceMs: () => 86_400_000, cadenceText: () => 'daily scrapes, imported from a recorded copy' },
  // The market-data ingest (issue 11): each company's closes and filings are read once a period.
  'equity-prices': { cadenceMs: (config) => config.equity.periodMs, cadenceText: (config) => `each company every ${config.equity.periodMs / 3_600_000} h` },
  'fx-rates': { cadenceMs: (config) => config.fx.intervalMs, cadenceText: (config) => `every ${config.fx.intervalMs / 3_600_000} h (ECB publishes once a working day)` },
  'sec-companyfacts': {
    cadenceMs: (config) => config.sec.companyFactsPeriodMs,
    cadenceText: (config) => `each company every ${config.sec.companyFactsPeriodMs / 3_600_000} h`,
  },
  'coingecko-treasury': { cadenceMs: (config) => config.market.treasuryIntervalMs, cadenceText: (config) => `every ${config.market.treasuryIntervalMs / 3_600_000} h` },
};

/** A source's real state from its ingest record (lastSuccessAt, lastAttemptAt, lastError), and a sentence saying why. */
function sourceState(
  source: { key: string; lastSuccessAt: Date | null; lastAttemptAt: Date | null; lastError: string | null },
  config: IngestConfig,
  now: Date,
): { state: SourceState; detail: string } {
  const ingester = ingesters[source.key];
  if (!ingester) return { state: 'planned', detail: 'No ingester is built for this source yet.' };
  const cadence = ingester.cadenceText(config);
  if (!source.lastSuccessAt) {
    const why = source.lastError ? `last attempt failed: ${source.lastError}` : source.lastAttemptAt ? 'no run has succeeded yet' : config.enabled ? 'no run yet' : 'ingest is switched off (INGEST_ENABLED)';
    return { state: 'not-connected', detail: `Not connected: ${why}.` };
  }
  const age = now.getTime() - source.lastSuccessAt.getTime();
  if (age <= 2 * ingester.cadenceMs(config)) return { state: 'fresh', detail: `Connected; last successful ingest within its cadence (${cadence}).` };
  const why = source.lastError ? ` Last error: ${source.lastError}` : config.enabled ? '' : ' Ingest is switched off (INGEST_ENABLED).';
  return { state: 'stale', detail: `Connected, but the newest data is from ${formatDay(source.lastSuccessAt.toISOString())}, older than its cadence (${cadence}).${why}` };
}

function whereOf(matcher: SignalMatcher, since?: Date) {
  const or = [
    ...(matcher.sourcePrefixes ?? []).map((prefix) => ({ source: { startsWith: prefix } })),
    ...(matcher.signalTypes?.length ? [{ signalType: { in: matcher.signalTypes } }] : []),
  ];
  return { OR: or, ...(since ? { detectedAt: { gte: since } } : {}) };
}

const statusOrder: Record<string, number> = { active: 0, integration: 1, planned: 2 };
const catalogueOrder = new Map(dataSourceCatalogue.map((entry, index) => [entry.key, index]));

export async function listDataSources(db: Db, now = new Date()): Promise<DataSourcesResponse> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [rows, signalsThisMonth, totalSignals] = await Promise.all([
    db.dataSource.findMany(),
    db.signal.count({ where: { detectedAt: { gte: monthStart } } }),
    db.signal.count(),
  ]);
  const config = readIngestConfig();
  const rowByKey = new Map(rows.map((row) => [row.key, row]));
  const sources = await Promise.all(
    rows.map(async (row): Promise<DataSourceView> => {
      const matcher = matchers[row.key];
      const stateRow = rowByKey.get(ingesters[row.key]?.stateOf ?? row.key) ?? row;
      const { state, detail } = sourceState({ ...stateRow, key: row.key }, config, now);
      const status = ingesters[row.key] ? (row.status === 'planned' ? 'integration' : row.status) : 'planned';
      const counts = matcher && (matcher.sourcePrefixes?.length || matcher.signalTypes?.length);
      const [signals, thisMonth] = counts
        ? await Promise.all([db.signal.count({ where: whereOf(matcher) }), db.signal.count({ where: whereOf(matcher, monthStart) })])
        : [0, 0];
      return {
        key: row.key,
        name: row.name,
        category: row.category,
        categoryName: categoryName(row.category),
        status,
        statusLabel: sourceStateLabels[state],
        state,
        stateDetail: detail,
        coverage: row.coverage,
        updateFrequency: row.updateFrequency,
        description: row.description,
        priority: row.priority,
        signals,
        signalsThisMonth: thisMonth,
        signalsNote: matcher?.note ?? noIngesterNote,
        hasIngester: Boolean(matcher),
        lastSuccessAt: stateRow.lastSuccessAt?.toISOString() ?? null,
        lastAttemptAt: stateRow.lastAttemptAt?.toISOString() ?? null,
        lastError: stateRow.lastError,
        itemsIngested: row.itemsIngested,
      };
    }),
  );
  sources.sort(
    (a, b) =>
      (statusOrder[a.status] ?? 3) - (statusOrder[b.status] ?? 3) ||
      (catalogueOrder.get(a.key) ?? Infinity) - (catalogueOrder.get(b.key) ?? Infinity) ||
      a.name.localeCompare(b.name),
  );
  // Counted, not typed: a source is active when an ingester fills it and has succeeded at least once.
  const active = sources.filter((source) => source.state === 'fresh' || source.state === 'stale');
  return {
    sources,
    summary: {
      totalSources: sources.length,
      activeSources: active.length,
      signalsThisMonth,
      totalSignals,
      coverageAverage: sources.length ? Math.round(sources.reduce((sum, source) => sum + source.coverage, 0) / sources.length) : 0,
      realtimeSources: sources.filter((source) => source.updateFrequency === 'real-time' && source.state === 'fresh').length,
      monthStart: monthStart.toISOString(),
    },
    categories: sourceCategories.map((category) => {
      const inCategory = sources.filter((source) => source.category === category.id);
      return {
        id: category.id,
        name: category.name,
        active: inCategory.filter((source) => source.state === 'fresh' || source.state === 'stale').length,
        total: inCategory.length,
      };
    }),
  };
}
