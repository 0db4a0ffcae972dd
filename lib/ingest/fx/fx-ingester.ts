import type { Db } from '../../db';
import { fillMissingUsd } from '../equity/convert';
import { decodeBody, getWithRetry, sharedLimiter } from '../http';
import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { ecbSource, parseEcbRates, publicEcbBaseUrl, type EcbFile, type UsdRate } from './ecb';
import { isoDay } from '../../dates';

const day = 86_400_000;
/** The 90-day file covers a gap of up to this many days since the newest stored rate. */
const ninetyDayReach = 85;
/** The full history file is about 6 MB. */
const historyMaxBytes = 32 * 1024 * 1024;

/**
 * ECB reference rates, every FX_RATES_INTERVAL_HOURS: the daily file when the stored rates are
 * recent, the 90-day file after a gap, the full history when stored closes older than 85 days still
 * lack a rate (only days within EQUITY_HISTORY_DAYS are kept). Then converts the closes that waited
 * for a rate and recomputes those companies' metrics.
 */
export const fxRatesIngester: Ingester = {
  source: 'fx-rates',
  dataSourceKey: 'fx-rates',
  intervalMs: (config) => config.fx.intervalMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { db, config } = context;
    const now = context.now();
    const file = await chooseFile(db, now);
    const url = `${config.fx.ecbBaseUrl}/${file}`;
    const body = await getWithRetry(url, {
      headers: { Accept: 'application/xml, text/xml' },
      timeoutMs: config.timeoutMs,
      limiter: sharedLimiter('ecb', 1000),
      maxBytes: historyMaxBytes,
    });
    // Of the full history, only the days the stored closes can need.
    const since = file === 'eurofxref-hist.xml' ? new Date(now.getTime() - (config.equity.historyDays + 10) * day) : undefined;
    let rates: UsdRate[];
    try {
      rates = parseEcbRates(decodeBody(body), since);
    } catch (error) {
      return { status: 'error', itemsAdded: 0, message: `${url}: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (since) rates = rates.filter((rate) => rate.date.getTime() >= since.getTime());
    const added = await storeRates(db, rates, `${publicEcbBaseUrl}/${file}`);
    const { filled, companyIds } = await fillMissingUsd(db);
    if (companyIds.length > 0) await context.onHoldingsChanged?.(companyIds);
    const days = new Set(rates.map((rate) => rate.date.getTime()));
    const newest = rates.reduce<Date | undefined>((latest, rate) => (!latest || rate.date > latest ? rate.date : latest), undefined);
    const parts = [
      `${added} new USD rate${added === 1 ? '' : 's'} from ${file} (${days.size} day${days.size === 1 ? '' : 's'}${newest ? `, newest ${isoDay(newest)}` : ''})`,
    ];
    if (filled > 0) parts.push(`${filled} stored close${filled === 1 ? '' : 's'} converted to USD`);
    return { status: 'ok', itemsAdded: added, message: parts.join('; ') };
  },
};

async function chooseFile(db: Db, now: Date): Promise<EcbFile> {
  const [newest, oldestWaiting] = await Promise.all([
    db.fxRate.findFirst({ where: { source: ecbSource }, orderBy: { date: 'desc' }, select: { date: true } }),
    db.equityPrice.findFirst({ where: { closeUsd: null, currency: { not: 'USD' } }, orderBy: { date: 'asc' }, select: { date: true } }),
  ]);
  const oldestStored = await db.fxRate.findFirst({ where: { source: ecbSource }, orderBy: { date: 'asc' }, select: { date: true } });
  const reach = now.getTime() - ninetyDayReach * day;
  if (oldestWaiting && oldestWaiting.date.getTime() < reach && (!oldestStored || oldestWaiting.date < oldestStored.date)) return 'eurofxref-hist.xml';
  if (!newest || now.getTime() - newest.date.getTime() > 3 * day) return 'eurofxref-hist-90d.xml';
  return 'eurofxref-daily.xml';
}

async function storeRates(db: Db, rates: readonly UsdRate[], sourceUrl: string): Promise<number> {
  if (rates.length === 0) return 0;
  const times = rates.map((rate) => rate.date.getTime());
  const first = times.reduce((a, b) => Math.min(a, b));
  const last = times.reduce((a, b) => Math.max(a, b));
  const existing = await db.fxRate.findMany({
    where: { source: ecbSource, date: { gte: new Date(first), lte: new Date(last) } },
    select: { currency: true, date: true },
  });
  const stored = new Set(existing.map((row) => `${row.currency}|${row.date.getTime()}`));
  const fresh = rates.filter((rate) => !stored.has(`${rate.currency}|${rate.date.getTime()}`));
  if (fresh.length === 0) return 0;
  // A year of every currency is thousands of rows: written a thousand at a time, so the statement
  // (built and run synchronously on SQLite) does not hold the event loop for the whole file.
  let added = 0;
  for (let start = 0; start < fresh.length; start += 1000) {
    const { count } = await db.fxRate.createMany({
      data: fresh.slice(start, start + 1000).map((rate) => ({ currency: rate.currency, date: rate.date, usdPerUnit: rate.usdPerUnit, source: ecbSource, sourceUrl })),
    });
    added += count;
  }
  return added;
}
