// Reads what a message says about a company that is not tracked: "Analyze Acme Corp (ACME), which
// holds 500 BTC". Only what is written is taken; everything else stays unknown.

export interface DescribedCompany {
  name: string | null;
  ticker: string | null;
  exchange: string | null;
  btcHoldings: number | null;
  sector: string | null;
  marketCapUsd: number | null;
}

const exchanges = ['NASDAQ', 'NYSE', 'OTC', 'TSX', 'TSXV', 'LSE', 'ASX', 'HKEX', 'TSE', 'CBOE', 'AMEX', 'EURONEXT', 'XETRA', 'SIX'];
const exchangePattern = new RegExp(`\\b(${exchanges.join('|')})\\s*:\\s*([A-Za-z0-9][A-Za-z0-9.\\-]{0,11})\\b`, 'i');

/** Words after which the company's name begins. */
const namePattern =
  /\b(?:[Aa]naly[sz]e|[Aa]dd [Cc]ompany|[Aa]dd|[Tt]rack(?:ing)?|[Aa]bout|[Cc]ompany|[Nn]amed|[Cc]alled)\s*:?\s+(?:the\s+company\s+|company\s+|the\s+)?((?:[A-Z0-9][\w&'’.-]*)(?:\s+(?:[A-Z0-9&][\w&'’.-]*|of|and|de|du|la))*)/;
/** Capitalised words that start a sentence or a keyword, not a company's name. */
const notNames = new Set(['I', 'Please', 'Can', 'Could', 'Would', 'What', 'How', 'Is', 'The', 'BTC', 'Bitcoin', 'Add', 'Track', 'Analyze', 'Analyse']);

function parseQuantity(digits: string, scale: string | undefined): number | null {
  const value = Number(digits.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const multiplier = scale ? ({ k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 } as Record<string, number>)[scale.toLowerCase()] ?? 1 : 1;
  return value * multiplier;
}

function holdingsOf(message: string): number | null {
  const match = /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k|thousand)?\s*(?:btc|bitcoins?|₿)(?![a-z])/i.exec(message);
  return match ? parseQuantity(match[1]!, match[2]) : null;
}

function marketCapOf(message: string): number | null {
  const match = /market\s*cap(?:itali[sz]ation)?\s*(?:of|is|:|at|around)?\s*(?:\$|usd\s*)?(\d+(?:[.,]\d+)*)\s*(k|m|mn|million|b|bn|billion)?\b/i.exec(message);
  if (!match) return null;
  const value = parseQuantity(match[1]!.replace(/,(?=\d{3}\b)/g, ''), match[2]);
  return value && value > 0 ? value : null;
}

function sectorOf(message: string): string | null {
  const text = message.toLowerCase();
  if (/\bmin(?:er|ers|ing)\b|hashrate/.test(text)) return 'Mining';
  if (/\b(?:bank|financial|asset manager|brokerage|insurer|fund|exchange operator|fintech)\b/.test(text)) return 'Financial';
  if (/\b(?:health|healthcare|pharma|pharmaceutical|medical|biotech)\b/.test(text)) return 'Healthcare';
  if (/\b(?:tech|technology|software|saas|semiconductor|internet|gaming)\b/.test(text)) return 'Technology';
  return null;
}

function tickerOf(message: string): { ticker: string; exchange: string | null } | null {
  const listed = exchangePattern.exec(message);
  if (listed) return { ticker: listed[2]!.toUpperCase(), exchange: listed[1]!.toUpperCase() };
  const labelled = /\bticker(?:\s+symbol)?\s*(?:is|:)?\s*\$?([A-Za-z0-9][A-Za-z0-9.\-]{0,11})\b/i.exec(message);
  if (labelled) return { ticker: labelled[1]!.toUpperCase(), exchange: null };
  const dollar = /\$([A-Za-z][A-Za-z0-9.]{0,9})\b/.exec(message);
  if (dollar) return { ticker: dollar[1]!.toUpperCase(), exchange: null };
  const bracketed = /\(([A-Z][A-Z0-9.\-]{0,11})\)/.exec(message);
  if (bracketed && !['BTC', 'USD'].includes(bracketed[1]!)) return { ticker: bracketed[1]!, exchange: null };
  return null;
}

function nameOf(message: string): string | null {
  const match = namePattern.exec(message.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' '));
  if (!match) return null;
  const words = match[1]!.replace(/[.,;:!?]+$/, '').split(' ');
  while (words.length && (notNames.has(words[0]!) || /^\d/.test(words[0]!))) words.shift();
  // A figure ("500 BTC") or an exchange closes the name.
  const end = words.findIndex((word) => /^\d/.test(word) || exchanges.includes(word.toUpperCase().replace(/[:.,]$/, '')) || /^(BTC|Bitcoin)$/i.test(word));
  const name = (end === -1 ? words : words.slice(0, end)).join(' ').replace(/[.,;:!?]+$/, '').trim();
  return name.length >= 2 ? name : null;
}

/** What the message states about an untracked company, or null when it names nothing. */
export function describeCompany(message: string): DescribedCompany | null {
  const ticker = tickerOf(message);
  const name = nameOf(message);
  if (!ticker && !name) return null;
  return {
    name: name ?? ticker?.ticker ?? null,
    ticker: ticker?.ticker ?? null,
    exchange: ticker?.exchange ?? null,
    btcHoldings: holdingsOf(message),
    sector: sectorOf(message),
    marketCapUsd: marketCapOf(message),
  };
}
