// The Data Sources screen's answer (GET /api/data-sources); server and browser import these types.
import type { SourceState } from './labels';

export interface DataSourceView {
  key: string;
  name: string;
  category: string;
  categoryName: string;
  /** The catalogue's status where an ingester backs it; a source with no ingester is planned, whatever the catalogue says. */
  status: string;
  statusLabel: string;
  /** Real state from the ingest record: fresh, stale, not-connected or planned. */
  state: SourceState;
  stateDetail: string;
  coverage: number;
  updateFrequency: string;
  description: string;
  priority: string;
  /** Signals stored from this source, all time. */
  signals: number;
  signalsThisMonth: number;
  signalsNote: string;
  hasIngester: boolean;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  itemsIngested: number;
}

export interface DataSourcesResponse {
  sources: DataSourceView[];
  summary: {
    totalSources: number;
    activeSources: number;
    /** Distinct signals detected since the start of this month (UTC). */
    signalsThisMonth: number;
    totalSignals: number;
    /** Whole percent. */
    coverageAverage: number;
    realtimeSources: number;
    monthStart: string;
  };
  categories: { id: string; name: string; active: number; total: number }[];
}
