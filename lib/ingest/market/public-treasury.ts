import { z } from 'zod';
import { baseTicker } from '../equity/listings';

// CoinGecko's public-treasury list (GET /companies/public_treasury/bitcoin): each company's name,
// symbol, country and total BTC holdings, without a date (the answer is cached five minutes, so
// the figure is as of the day we read it). Symbols come in several styles — "MSTR.US" today,
// "NASDAQ:MSTR", "CORZ:NASDAQ" and "TSE: GLXY" in older answers — and are matched to our companies
// by ticker and exchange through the explicit table below; a symbol that names no venue we know, or
// whose ticker and venue match none or several of our listings, is reported, never guessed.

const companySchema = z.object({
  name: z.string(),
  symbol: z.string(),
  country: z.string().nullish(),
  total_holdings: z.number().nonnegative(),
});
const treasurySchema = z.object({ companies: z.array(z.unknown()) });

export interface TreasuryEntry {
  name: string;
  symbol: string;
  country: string | null;
  totalHoldings: number;
}

/** Throws when the body has no company list; a malformed single entry is reported as skipped. */
export function parsePublicTreasury(json: unknown): { entries: TreasuryEntry[]; malformed: number } {
  const parsed = treasurySchema.safeParse(json);
  if (!parsed.success) throw new Error('The answer is not a public-treasury list (no "companies" array).');
  const entries: TreasuryEntry[] = [];
  let malformed = 0;
  for (const raw of parsed.data.companies) {
    const entry = companySchema.safeParse(raw);
    if (!entry.success) malformed += 1;
    else entries.push({ name: entry.data.name, symbol: entry.data.symbol, country: entry.data.country ?? null, totalHoldings: entry.data.total_holdings });
  }
  return { entries, malformed };
}

const usVenues = ['NASDAQ', 'NYSE', 'OTC', 'OTCMKTS', 'OTCQX', 'OTCID'];

/**
 * CoinGecko venue code (an exchange prefix or suffix, or the country suffix of the new style) →
 * the Company.exchange values it can mean in our data. "TSE" is Toronto in CoinGecko's symbols
 * (TSE: GLXY) but Tokyo in our table, so it maps to TSX only.
 */
const venueMatchTable: Readonly<Record<string, readonly string[]>> = {
  US: usVenues,
  NASDAQ: ['NASDAQ'],
  NYSE: ['NYSE'],
  OTCMKTS: ['OTCMKTS', 'OTC', 'OTCQX', 'OTCID'],
  OTC: ['OTCMKTS', 'OTC', 'OTCQX', 'OTCID'],
  JP: ['TYO', 'TSE'],
  TYO: ['TYO', 'TSE'],
  T: ['TYO', 'TSE'],
  HK: ['HKEX', 'HKSE', 'HKG'],
  HKG: ['HKEX', 'HKSE', 'HKG'],
  GB: ['LSE', 'AQSE', 'AQUIS'],
  UK: ['LSE', 'AQSE', 'AQUIS'],
  LON: ['LSE'],
  LSE: ['LSE'],
  AQSE: ['AQSE', 'AQUIS'],
  AQUIS: ['AQSE', 'AQUIS'],
  AQ: ['AQSE', 'AQUIS'],
  L: ['LSE'],
  CA: ['TSX', 'TSXV', 'CSE', 'CBOE CA'],
  TSE: ['TSX'],
  TSX: ['TSX'],
  TSXV: ['TSXV'],
  CSE: ['CSE'],
  CNSX: ['CSE'],
  CN: ['CSE'],
  TO: ['TSX'],
  V: ['TSXV'],
  SE: ['STO', 'NGM'],
  STO: ['STO'],
  ST: ['STO'],
  DE: ['DE', 'DUS', 'FSE', 'XETRA'],
  GR: ['DE', 'DUS', 'FSE', 'XETRA'],
  ETR: ['XETRA'],
  FRA: ['FSE'],
  FR: ['EPA'],
  EPA: ['EPA'],
  PA: ['EPA'],
  AU: ['ASX'],
  ASX: ['ASX'],
  AX: ['ASX'],
  TH: ['BKK', 'SET'],
  BKK: ['BKK', 'SET'],
  NO: ['OSE'],
  BR: ['B3'],
  KR: ['KRX'],
  IT: ['BIT'],
  ES: ['BME'],
};

/** "MSTR.US" → MSTR at US; "NASDAQ:MSTR", "CORZ:NASDAQ", "TSE: GLXY" → ticker and venue; else undefined. */
export function splitSymbol(symbol: string): { ticker: string; venue: string } | undefined {
  const text = symbol.trim().toUpperCase();
  const colon = /^([A-Z0-9.\-]+)\s*:\s*([A-Z0-9.\-]+)$/.exec(text);
  if (colon) {
    const [, left, right] = colon as unknown as [string, string, string];
    if (venueMatchTable[left] && !venueMatchTable[right]) return { ticker: right, venue: left };
    if (venueMatchTable[right] && !venueMatchTable[left]) return { ticker: left, venue: right };
    return undefined;
  }
  const dotted = /^([A-Z0-9\-]+(?:\.[A-Z0-9\-]+)*)\.([A-Z]{1,4})$/.exec(text);
  if (dotted && venueMatchTable[dotted[2]!]) return { ticker: dotted[1]!, venue: dotted[2]! };
  return undefined;
}

export interface OurListing {
  id: string;
  name: string;
  ticker: string;
  exchange: string;
}

type TreasuryMatch =
  | { entry: TreasuryEntry; company: OurListing }
  | { entry: TreasuryEntry; company?: undefined; reason: string };

const sameCode = (a: string, b: string) => a === b || (/^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b));

export function matchTreasuryEntry(entry: TreasuryEntry, listings: readonly OurListing[]): TreasuryMatch {
  const split = splitSymbol(entry.symbol);
  if (!split) return { entry, reason: `symbol "${entry.symbol}" names no venue we know` };
  const exchanges = venueMatchTable[split.venue]!;
  const ticker = baseTicker(split.ticker);
  const candidates = listings.filter((listing) => exchanges.includes(listing.exchange.trim().toUpperCase()) && sameCode(baseTicker(listing.ticker), ticker));
  if (candidates.length === 1) return { entry, company: candidates[0]! };
  if (candidates.length === 0) return { entry, reason: `no tracked company trades as ${ticker} on ${exchanges.join('/')}` };
  return { entry, reason: `${candidates.length} tracked companies trade as ${ticker} on ${exchanges.join('/')} (${candidates.map((candidate) => candidate.name).join(', ')})` };
}
