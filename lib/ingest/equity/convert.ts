import type { Db } from '../../db';

// A close in a listing's currency becomes US dollars with the stored daily FX rate of the close's
// day or, when that day has none (a weekend, an ECB holiday, a rate not yet published), the latest
// one before it. The rate and its date stay on the row, so every USD figure says what it rests on.

interface UsdConversion {
  closeUsd: number | null;
  fxRate: number | null;
  fxDate: Date | null;
}

interface StoredRate {
  date: Date;
  usdPerUnit: number;
}

/** Ascending by date; the last rate on or before `date`, else undefined. */
function rateOnOrBefore(rates: readonly StoredRate[], date: Date): StoredRate | undefined {
  let low = 0;
  let high = rates.length - 1;
  let found: StoredRate | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (rates[middle]!.date.getTime() <= date.getTime()) {
      found = rates[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export function convertClose(close: number, currency: string, date: Date, rates: readonly StoredRate[]): UsdConversion {
  if (currency === 'USD') return { closeUsd: close, fxRate: 1, fxDate: date };
  const rate = rateOnOrBefore(rates, date);
  if (!rate) return { closeUsd: null, fxRate: null, fxDate: null };
  return { closeUsd: Number((close * rate.usdPerUnit).toPrecision(10)), fxRate: rate.usdPerUnit, fxDate: rate.date };
}

/** Every stored rate of one currency up to `until`, oldest first (one source per day: the first stored). */
export async function loadRates(db: Db, currency: string, until?: Date): Promise<StoredRate[]> {
  const rows = await db.fxRate.findMany({
    where: { currency, ...(until ? { date: { lte: until } } : {}) },
    orderBy: [{ date: 'asc' }, { createdAt: 'asc' }],
    select: { date: true, usdPerUnit: true },
  });
  return rows.filter((row, index) => index === 0 || rows[index - 1]!.date.getTime() !== row.date.getTime());
}

/**
 * Converts stored closes that have no USD figure yet, or whose rate is from an earlier day than the
 * close, now that rates may have arrived; returns the companies whose closes changed. The close
 * itself is never touched; a conversion changes only to a rate dated nearer the close.
 */
export async function fillMissingUsd(db: Db): Promise<{ filled: number; companyIds: string[] }> {
  const pending = await db.equityPrice.findMany({
    where: { currency: { not: 'USD' }, OR: [{ closeUsd: null }, { fxDate: { lt: db.equityPrice.fields.date } }] },
    select: { id: true, companyId: true, date: true, close: true, currency: true, fxDate: true },
    orderBy: { date: 'asc' },
  });
  const companyIds = new Set<string>();
  let filled = 0;
  const byCurrency = new Map<string, typeof pending>();
  for (const row of pending) {
    const rows = byCurrency.get(row.currency) ?? [];
    rows.push(row);
    byCurrency.set(row.currency, rows);
  }
  for (const [currency, rows] of byCurrency) {
    const rates = await loadRates(db, currency);
    if (rates.length === 0) continue;
    for (const row of rows) {
      const conversion = convertClose(row.close, currency, row.date, rates);
      if (conversion.closeUsd === null || (row.fxDate && conversion.fxDate!.getTime() <= row.fxDate.getTime())) continue;
      await db.equityPrice.update({ where: { id: row.id }, data: conversion });
      companyIds.add(row.companyId);
      filled += 1;
    }
  }
  return { filled, companyIds: [...companyIds] };
}
