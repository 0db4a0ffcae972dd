import type { Db } from '../../lib/db';
import { seedInitialReports, seedReportSchedules } from '../../lib/reports/schedules';
import { recomputeMetrics } from '../../lib/metrics/recompute';
import { seedCompanies } from './seed';
import { seedHoldingHistory, seedMissingSnapshots } from './seed-history';
import { seedDataSources } from './seed-sources';
import { seedMarketData } from './seed-market';
import { seedCapitalData } from './seed-capital';
import { seedHistorySignals } from './seed-signals';

/** The whole seed, in order: companies, their history, the source catalogue, computed metrics, then the first reports. Idempotent. */
export async function seedAll(db: Db, log: (line: string) => void = () => {}) {
  const result = await seedCompanies(db);
  log(`Seeded companies: ${result.created} created, ${result.updated} updated (${result.total} companies; ${result.conflicts} conflicting rows kept in notes).`);
  const history = await seedHoldingHistory(db);
  log(
    `Seeded holdings history: ${history.snapshots.created} of ${history.snapshots.total} snapshots new, ` +
      `${history.changes.created} of ${history.changes.total} changes new, ${history.prices.created} of ${history.prices.total} implied BTC prices new; ` +
      `${history.flaggedCompanies} companies flagged (${history.flagsAdded} newly); current holdings match the latest snapshot for ${history.holdingsVerified} companies` +
      (history.holdingsUpdated ? `, ${history.holdingsUpdated} brought up to date` : '') +
      (history.holdingsMismatches.length ? `, differ for ${history.holdingsMismatches.join('; ')}` : '') +
      `; skipped ${history.unknownRowsSkipped} rows of companies not seeded (${history.unknownListings.join(', ')}), ` +
      `${history.duplicateRowsSkipped} duplicate-listing rows and ${history.zeroRowsSkipped} zero rows; ` +
      `quarantined ${Object.entries(history.quarantined).map(([check, count]) => `${count} by ${check}`).join(', ') || 'none'} (docs/metrics.md, "Plausibility checks").`,
  );
  const added = await seedMissingSnapshots(db);
  if (added) log(`Seeded ${added} snapshots for companies outside the daily table (their seeded figure on its as-of date).`);
  const market = await seedMarketData(db);
  log(
    `Seeded market data: ${market.prices.created} of ${market.prices.total} equity closes new (${market.prices.withoutUsd} without a USD value: no FX rate stored), ` +
      `${market.fundamentals.created} of ${market.fundamentals.total} fundamentals new, ${market.splits.created} of ${market.splits.total} splits new, ` +
      `${market.btcPrices.created} BTC daily prices added for unpriced days, ${market.fxRates.created} ECB FX rates` +
      (market.unknownListings.length ? `; skipped listings not seeded: ${market.unknownListings.join(', ')}` : '') +
      '.',
  );
  const capital = await seedCapitalData(db);
  log(
    `Seeded capital structure: ${capital.instruments.created} of ${capital.instruments.total} instrument rows, ${capital.shareCounts.created} of ${capital.shareCounts.total} share counts, ` +
      `${capital.events.created} of ${capital.events.total} purchases and ATM sales, ${capital.reportedFigures.created} of ${capital.reportedFigures.total} company-published figures new` +
      (capital.unknownListings.length ? `; skipped listings not seeded: ${capital.unknownListings.join(', ')}` : '') +
      '.',
  );
  const sources = await seedDataSources(db);
  log(
    `Seeded data sources: ${sources.created} created, ${sources.updated} updated (${sources.total} sources; holdings table current to ${sources.holdingsLastSuccessAt?.toISOString().slice(0, 10) ?? 'never'}).`,
  );
  const fromHistory = await seedHistorySignals(db);
  log(`Seeded ${fromHistory.signals} signals and ${fromHistory.discoveries} discoveries from the holdings history (docs/signals.md).`);
  const schedules = await seedReportSchedules(db);
  log(`Seeded report schedules: ${schedules.created} of ${schedules.total} new.`);
  log(`Computed metrics for ${await recomputeMetrics(db)} companies (docs/metrics.md).`);
  // Last: the reports read the computed metrics.
  const reports = await seedInitialReports(db);
  if (reports) log(`Generated ${reports} initial reports from the active schedules.`);
}

/**
 * The seed of a deployment's build step (`npm run db:deploy`): only into a database without
 * companies. A re-deploy onto a database that ingest, users or an earlier seed have filled leaves it
 * alone, because seeding again would set the companies back to the seed's figures.
 */
export async function seedEmptyDatabase(db: Db, log: (line: string) => void = () => {}): Promise<boolean> {
  const companies = await db.company.count();
  if (companies > 0) {
    log(`The database holds ${companies} companies: seed skipped (a deploy never rewrites stored data; \`npm run db:seed\` reseeds on purpose).`);
    return false;
  }
  await seedAll(db, log);
  return true;
}
