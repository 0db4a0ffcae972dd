// The ECB's euro foreign exchange reference rates (www.ecb.europa.eu/stats/eurofxref): published
// each TARGET working day around 16:00 CET as units of each currency per one euro. We store US
// dollars per unit of each currency, crossing through the euro: USD per X = (USD per EUR) ÷ (X per EUR).

export const ecbSource = 'ecb-eurofxref';
export const publicEcbBaseUrl = 'https://www.ecb.europa.eu/stats/eurofxref';

/** daily: the latest day; hist-90d: the last 90 days; hist: every day since 1999. */
export type EcbFile = 'eurofxref-daily.xml' | 'eurofxref-hist-90d.xml' | 'eurofxref-hist.xml';

export interface UsdRate {
  currency: string;
  /** The reference day (UTC midnight). */
  date: Date;
  usdPerUnit: number;
}

const dayPattern = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
const ratePattern = /<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["']([0-9.]+)["']\s*\/>/g;

/**
 * Every day's rates (from `since`'s day on, when given), converted to US dollars per unit (EUR
 * included). A day without a USD rate cannot be crossed and is left out. Throws when the body holds
 * no reference day at all.
 */
export function parseEcbRates(xml: string, since?: Date): UsdRate[] {
  if (!/<gesmes:Envelope/.test(xml)) throw new Error('The body is not an ECB reference-rates envelope.');
  const rates: UsdRate[] = [];
  let days = 0;
  // ISO days compare as strings: days before `since` are counted but not read (the full history
  // file holds every day since 1999; parsing all of it held the event loop for seconds).
  const first = since?.toISOString().slice(0, 10);
  for (const [, time, body] of xml.matchAll(dayPattern)) {
    days += 1;
    if (first && time! < first) continue;
    const perEur = new Map<string, number>();
    for (const [, currency, rate] of body!.matchAll(ratePattern)) {
      const value = Number(rate);
      if (Number.isFinite(value) && value > 0) perEur.set(currency!, value);
    }
    rates.push(...crossThroughEuro(new Date(`${time}T00:00:00Z`), perEur));
  }
  if (days === 0) throw new Error('The ECB file holds no reference day.');
  return rates;
}

/**
 * One reference day's rates (units of each currency per euro) as US dollars per unit, EUR included;
 * nothing when the day has no USD rate to cross through.
 */
export function crossThroughEuro(date: Date, perEur: ReadonlyMap<string, number>): UsdRate[] {
  const usdPerEur = perEur.get('USD');
  if (!usdPerEur) return [];
  const rates: UsdRate[] = [{ currency: 'EUR', date, usdPerUnit: usdPerEur }];
  for (const [currency, unitsPerEur] of perEur) {
    if (currency === 'USD') continue;
    rates.push({ currency, date, usdPerUnit: Number((usdPerEur / unitsPerEur).toPrecision(10)) });
  }
  return rates;
}
