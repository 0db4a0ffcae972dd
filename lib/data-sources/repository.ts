import type { Db } from '../db';
import { dataSourceCatalogue, holdingsSignalSource } from './catalogue';
import { readIngestConfig } from './config';
import { categoryName, sourceCategories } from './labels';
import type { DataSourcesResponse, DataSourceView } from './schema';
import { deriveSourceStates } from './state';

// The Data Sources screen (spec 001 §2, §3): the stored catalogue with signal counts taken from
// the stored signals. Each source counts the signals its ingester writes (Signal.source values);
// a source without an ingester counts none and says so, instead of the spec's sample figure. Each
// source's state comes from lib/data-sources/state.ts; its error text and technical detail only when
// the viewer is an admin.

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

function whereOf(matcher: SignalMatcher, since?: Date) {
  const or = [
    ...(matcher.sourcePrefixes ?? []).map((prefix) => ({ source: { startsWith: prefix } })),
    ...(matcher.signalTypes?.length ? [{ signalType: { in: matcher.signalTypes } }] : []),
  ];
  return { OR: or, ...(since ? { detectedAt: { gte: since } } : {}) };
}

const statusOrder: Record<string, number> = { active: 0, integration: 1, planned: 2 };
const catalogueOrder = new Map(dataSourceCatalogue.map((entry, index) => [entry.key, index]));

export async function listDataSources(db: Db, { admin }: { admin: boolean }, now = new Date()): Promise<DataSourcesResponse> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [rows, signalsThisMonth, totalSignals] = await Promise.all([
    db.dataSource.findMany(),
    db.signal.count({ where: { detectedAt: { gte: monthStart } } }),
    db.signal.count(),
  ]);
  const states = new Map(deriveSourceStates(rows, readIngestConfig(), now).map((state) => [state.key, state]));
  const sources = await Promise.all(
    rows.map(async (row): Promise<DataSourceView> => {
      const matcher = matchers[row.key];
      const source = states.get(row.key)!;
      const counts = matcher && (matcher.sourcePrefixes?.length || matcher.signalTypes?.length);
      const [signals, thisMonth] = counts
        ? await Promise.all([db.signal.count({ where: whereOf(matcher) }), db.signal.count({ where: whereOf(matcher, monthStart) })])
        : [0, 0];
      return {
        key: row.key,
        name: row.name,
        category: row.category,
        categoryName: categoryName(row.category),
        status: source.status,
        statusLabel: source.label,
        state: source.state,
        stateDetail: source.summary,
        coverage: row.coverage,
        updateFrequency: row.updateFrequency,
        description: row.description,
        priority: row.priority,
        signals,
        signalsThisMonth: thisMonth,
        signalsNote: matcher?.note ?? noIngesterNote,
        hasIngester: Boolean(matcher),
        lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
        lastAttemptAt: source.lastAttemptAt?.toISOString() ?? null,
        lastError: admin ? source.lastError : null,
        technicalDetail: admin ? source.technicalDetail : null,
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
  const active = sources.filter((source) => source.state === 'live' || source.state === 'stale');
  return {
    sources,
    summary: {
      totalSources: sources.length,
      activeSources: active.length,
      signalsThisMonth,
      totalSignals,
      coverageAverage: sources.length ? Math.round(sources.reduce((sum, source) => sum + source.coverage, 0) / sources.length) : 0,
      realtimeSources: sources.filter((source) => source.updateFrequency === 'real-time' && source.state === 'live').length,
      monthStart: monthStart.toISOString(),
    },
    categories: sourceCategories.map((category) => {
      const inCategory = sources.filter((source) => source.category === category.id);
      return {
        id: category.id,
        name: category.name,
        active: inCategory.filter((source) => source.state === 'live' || source.state === 'stale').length,
        total: inCategory.length,
      };
    }),
  };
}
