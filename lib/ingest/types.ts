import type { Db } from '../db';
import type { EventBus } from '../realtime/bus';
import type { IngestConfig } from '../data-sources/config';

export const ingestSources = ['sec-current', 'sec-submissions', 'market-prices', 'fx-rates', 'equity-prices', 'sec-companyfacts', 'coingecko-treasury'] as const;
export type IngestSource = (typeof ingestSources)[number];

type IngestStatus = 'ok' | 'error' | 'skipped';
export type IngestKind = 'scheduled' | 'manual';

export type HoldingsChangedHook = (companyIds: string[]) => Promise<void>;

export interface IngestOutcome {
  status: IngestStatus;
  itemsAdded: number;
  message: string;
}

export interface IngestResult extends IngestOutcome {
  source: IngestSource;
}

export interface IngestContext {
  db: Db;
  bus: EventBus;
  config: IngestConfig;
  kind: IngestKind;
  now: () => Date;
  /**
   * Called after a company's current holdings figure changed, and after new share prices, FX
   * conversions or fundamentals were stored for it (metrics recomputation is wired here).
   */
  onHoldingsChanged?: HoldingsChangedHook;
}

/** One source: reads its upstream, stores what is new, publishes events. Throws only for a run-level failure. */
export interface Ingester {
  source: IngestSource;
  /** DataSource.key of the catalogue row this source updates (lib/data-sources/catalogue.ts). */
  dataSourceKey: string;
  /** Cadence when the scheduler runs it. */
  intervalMs(config: IngestConfig): number;
  run(context: IngestContext): Promise<IngestOutcome>;
}
