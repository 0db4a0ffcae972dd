// Measures the computed metrics on the database at DATABASE_URL (the seeded demo by default):
// how many companies have each market metric, the grade distribution, distinct risk scores, how much
// rests on defaults (volatility exposure's basis among them), every mNAV against a hand computation
// from the stored rows, and the coverage of every capital figure (amplification, BTC rating,
// coverage, BTC Yield, accretion, mNAV bases).
//   npm run metrics:report
import { loadEnvConfig } from '@next/env';
import { isoDay } from '../lib/dates';

loadEnvConfig(process.cwd());


async function main() {
  const { db } = await import('../lib/db');
  const { parseDefaults, parseMarketInputs } = await import('../lib/treasury/metrics-store');
  const { metricNames } = await import('../lib/treasury/metrics');
  const rows = await db.companyMetric.findMany({ include: { company: { select: { id: true, ticker: true, exchange: true } } } });
  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  const n = rows.length;
  const pct = (k: number) => `${((100 * k) / Math.max(1, n)).toFixed(1)} %`;

  console.log(`Companies: ${n}`);
  console.log(`mNAV (basic): ${count((row) => row.premiumToNav !== null)}`);
  console.log(`EV mNAV: ${count((row) => row.evMNav !== null)}`);
  console.log(`Diluted mNAV: ${count((row) => row.dilutedMNav !== null)}`);
  console.log(`BTC per 1,000 shares: ${count((row) => row.btcPer1000Shares !== null)}`);
  console.log(`BTC yield (30/90/365 d): ${count((row) => row.btcYield30 !== null)} / ${count((row) => row.btcYield90 !== null)} / ${count((row) => row.btcYield365 !== null)}`);
  console.log(`Share volatility: ${count((row) => row.shareVolatility !== null)}`);
  console.log(`BTC beta (90 d): ${count((row) => parseMarketInputs(row.marketInputs)?.btcBeta?.value != null)}`);
  console.log(`Leverage: ${count((row) => row.leverage !== null)}`);

  const grades = new Map<string, number>();
  for (const row of rows) grades.set(row.healthGrade, (grades.get(row.healthGrade) ?? 0) + 1);
  console.log(`Health grades: ${['A', 'B', 'C', 'D', 'F'].map((grade) => `${grade} ${grades.get(grade) ?? 0} (${pct(grades.get(grade) ?? 0)})`).join(', ')}`);
  console.log(`Largest grade share: ${pct(Math.max(...grades.values()))}`);
  console.log(`Distinct risk scores: ${new Set(rows.map((row) => row.aiRiskScore)).size}`);
  console.log(`Provisional grades: ${count((row) => row.provisional === true)} (${pct(count((row) => row.provisional === true))})`);
  const defaults = rows.reduce((sum, row) => sum + parseDefaults(row.defaults).length, 0);
  console.log(`Metric values that are defaults (or null for lack of input): ${defaults} of ${n * metricNames.length} (${((100 * defaults) / (n * metricNames.length)).toFixed(1)} %)`);
  const exposureDefaults = count((row) => parseDefaults(row.defaults).includes('volatilityExposure'));
  const basisOf = (basis: string) => count((row) => parseMarketInputs(row.marketInputs)?.exposureBasis === basis);
  console.log(
    `Volatility exposure: measured ${n - exposureDefaults} (BTC beta ${basisOf('btc beta')}, mNAV ${basisOf('mNAV')}), default ${exposureDefaults} of ${n} (${pct(exposureDefaults)}); ` +
      `default despite a measured share volatility: ${count((row) => row.shareVolatility !== null && parseDefaults(row.defaults).includes('volatilityExposure'))}`,
  );
  const missing = rows.reduce((sum, row) => sum + (parseMarketInputs(row.marketInputs)?.missingInputs.length ?? 5), 0);
  console.log(`Risk/health inputs missing (mNAV, volatility, leverage, history, governance): ${missing} of ${n * 5} (${((100 * missing) / (n * 5)).toFixed(1)} %)`);

  console.log('\nmNAV against a hand computation from the stored rows (as-of date; price × shares or stated cap ÷ holdings × BTC price):');
  let worst = 0;
  for (const row of rows.filter((r) => r.premiumToNav !== null && r.mNavAsOf)) {
    const asOf = row.mNavAsOf!;
    const companyId = row.companyId;
    const [stated, close, shares, holding, btc] = await Promise.all([
      db.companyFundamental.findFirst({ where: { companyId, field: 'market_cap', asOf }, orderBy: { createdAt: 'asc' } }),
      db.equityPrice.findFirst({ where: { companyId, date: asOf, closeUsd: { not: null } }, orderBy: { source: 'asc' } }),
      db.companyFundamental.findFirst({ where: { companyId, field: 'shares_outstanding_basic', asOf: { lte: asOf } }, orderBy: { asOf: 'desc' } }),
      db.holdingSnapshot.findFirst({ where: { companyId, asset: 'BTC', asOf: { lte: asOf } }, orderBy: [{ asOf: 'desc' }, { createdAt: 'desc' }] }),
      db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: new Date(asOf.getTime() + 86_399_999) } }, orderBy: { at: 'desc' } }),
    ]);
    const cap = stated?.value ?? (close?.closeUsd && shares ? close.closeUsd * shares.value : null);
    const hand = cap && holding && btc ? cap / (holding.quantity * btc.priceUsd) : null;
    const diff = hand ? Math.abs(row.premiumToNav! / hand - 1) : Number.NaN;
    worst = Math.max(worst, Number.isNaN(diff) ? 1 : diff);
    console.log(
      `  ${row.company.ticker.padEnd(8)} ${isoDay(asOf)}  stored ${row.premiumToNav!.toFixed(4)}  hand ${hand?.toFixed(4) ?? 'n/a'}  (${(diff * 100).toFixed(3)} %)  ` +
        `cap ${stated ? 'stated' : `close ${close?.closeUsd} × shares ${shares?.value} of ${shares ? isoDay(shares.asOf) : '—'}`}; holdings ${holding?.quantity} of ${holding ? isoDay(holding.asOf) : '—'}; BTC ${btc?.priceUsd} of ${btc ? isoDay(btc.at) : '—'}`,
    );
  }
  console.log(`Largest difference: ${(worst * 100).toFixed(3)} %`);

  console.log('\nCompanies with a price and a basic share count in the seed, and their mNAV:');
  const priced = await db.company.findMany({
    where: { equityPrices: { some: {} }, fundamentals: { some: { field: 'shares_outstanding_basic' } } },
    select: { ticker: true, metrics: { select: { premiumToNav: true, mNavAsOf: true, marketInputs: true } } },
  });
  for (const company of priced) {
    const metric = company.metrics;
    const reason = parseMarketInputs(metric?.marketInputs)?.mNav.missing[0];
    console.log(`  ${company.ticker.padEnd(8)} ${metric?.premiumToNav != null ? `${metric.premiumToNav.toFixed(4)} as of ${isoDay(metric.mNavAsOf!)}` : `— (${reason})`}`);
  }

  console.log('\nCapital structure, KPIs and issuance (docs/metrics.md, "Capital structure and KPIs"):');
  const { capitalCoverageLines } = await import('../lib/capital/report');
  for (const line of await capitalCoverageLines(db)) console.log(line);
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
