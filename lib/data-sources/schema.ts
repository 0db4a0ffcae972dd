// The Data Sources screen's answer (GET /api/data-sources); server and browser import these types.
import type { SourceState } from './labels';
import type { SpecSourceStatus } from './state';

export interface DataSourceView {
  key: string;
  name: string;
  category: string;
  categoryName: string;
  /** Spec 001 §4's status, from the state (lib/data-sources/state.ts): active, integration or planned. */
  status: SpecSourceStatus;
  statusLabel: string;
  /** Real state from the ingest record: live, stale, not-connected or planned. */
  state: SourceState;
  /** The state in a subscriber's words: no URL, host, error code or setting. */
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
  /** The ingester's raw last error: admins only, null for everyone else. */
  lastError: string | null;
  /** Cadence, attempts, the raw error and settings behind the state: admins only. */
  technicalDetail: string | null;
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
