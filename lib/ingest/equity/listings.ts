// Our listings (Company.ticker, Company.exchange as prisma/seed-data/treasury-companies.csv writes
// them) mapped to the symbols price providers use. Exchange codes in our data are not uniform
// (TSE is Tokyo there, HKEX/HKSE/HKG are all Hong Kong) and some tickers already carry a provider
// suffix (3350.T, 0434.HK, BTCT.V): both are handled here, and an exchange we cannot place with
// certainty has no entry, so its companies are reported as not covered instead of guessed.

export interface Listing {
  ticker: string;
  exchange: string;
  country: string | null;
}

interface Venue {
  /** Yahoo Finance symbol suffix ('' for US listings). */
  yahoo: string;
  /** Stooq symbol suffix, where Stooq carries the market. */
  stooq?: string;
  /** Trading currency (ISO 4217) when the provider does not say. */
  currency: string;
  /** Hong Kong codes are four digits on Yahoo (0434.HK). */
  padDigits?: number;
}

const us: Venue = { yahoo: '', stooq: '.us', currency: 'USD' };
const tokyo: Venue = { yahoo: '.T', stooq: '.jp', currency: 'JPY' };
const london: Venue = { yahoo: '.L', stooq: '.uk', currency: 'GBP' };
const aquis: Venue = { yahoo: '.AQ', currency: 'GBP' };
const hongKong: Venue = { yahoo: '.HK', stooq: '.hk', currency: 'HKD', padDigits: 4 };

const venues: Readonly<Record<string, Venue>> = {
  NASDAQ: us,
  NYSE: us,
  OTC: us,
  OTCMKTS: us,
  OTCQX: us,
  OTCID: us,
  TYO: tokyo,
  TSE: tokyo,
  LSE: london,
  AQSE: aquis,
  AQUIS: aquis,
  HKEX: hongKong,
  HKSE: hongKong,
  HKG: hongKong,
  STO: { yahoo: '.ST', currency: 'SEK' },
  TSX: { yahoo: '.TO', currency: 'CAD' },
  TSXV: { yahoo: '.V', currency: 'CAD' },
  CSE: { yahoo: '.CN', currency: 'CAD' },
  'CBOE CA': { yahoo: '.NE', currency: 'CAD' },
  FSE: { yahoo: '.F', stooq: '.de', currency: 'EUR' },
  DUS: { yahoo: '.DU', currency: 'EUR' },
  XETRA: { yahoo: '.DE', stooq: '.de', currency: 'EUR' },
  EPA: { yahoo: '.PA', currency: 'EUR' },
  BIT: { yahoo: '.MI', currency: 'EUR' },
  BME: { yahoo: '.MC', currency: 'EUR' },
  OSE: { yahoo: '.OL', currency: 'NOK' },
  B3: { yahoo: '.SA', currency: 'BRL' },
  ASX: { yahoo: '.AX', currency: 'AUD' },
  BKK: { yahoo: '.BK', currency: 'THB' },
  SET: { yahoo: '.BK', currency: 'THB' },
  IST: { yahoo: '.IS', currency: 'TRY' },
};

/** Suffixes that a stored ticker may already carry (Yahoo style), or Bloomberg's " TI" for Istanbul. */
const carriedSuffix = /(\.(T|HK|V|TO|L|AQ|ST|MI|PA|DE|F|DU|CN|NE|OL|SA|AX|BK|IS|MC)| TI)$/i;

/** "3350.T" → "3350", "NTHOL TI" → "NTHOL", "BTC-B" → "BTC-B". */
export function baseTicker(ticker: string): string {
  return ticker.trim().replace(carriedSuffix, '').toUpperCase();
}

export type SymbolResult = { symbol: string; currency: string } | { unsupported: string };

function venueOf(listing: Listing): Venue | undefined {
  return venues[listing.exchange.trim().toUpperCase()];
}

function localCode(listing: Listing, venue: Venue): string | undefined {
  const base = baseTicker(listing.ticker);
  if (venue.padDigits) return /^\d{1,5}$/.test(base) ? base.replace(/^0+(?=\d)/, '').padStart(venue.padDigits, '0') : undefined;
  // An ISIN or a name is not a ticker (XETRA "DE000A0M93V6" in our data).
  return /^[A-Z0-9][A-Z0-9.\-]{0,11}$/.test(base) && !/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(base) ? base : undefined;
}

export function yahooSymbol(listing: Listing): SymbolResult {
  const venue = venueOf(listing);
  if (!venue) return { unsupported: `no Yahoo market is known for exchange ${listing.exchange}` };
  const code = localCode(listing, venue);
  if (!code) return { unsupported: `ticker ${listing.ticker} is not a ${listing.exchange} code` };
  return { symbol: `${code}${venue.yahoo}`, currency: venue.currency };
}

export function stooqSymbol(listing: Listing): SymbolResult {
  const venue = venueOf(listing);
  if (!venue?.stooq) return { unsupported: `Stooq carries no market for exchange ${listing.exchange}` };
  const code = localCode(listing, venue);
  if (!code) return { unsupported: `ticker ${listing.ticker} is not a ${listing.exchange} code` };
  // Stooq writes Hong Kong codes without leading zeros and every symbol in lower case.
  const local = venue.padDigits ? code.replace(/^0+(?=\d)/, '') : code;
  return { symbol: `${local}${venue.stooq}`.toLowerCase(), currency: venue.currency };
}
