// Finds the stored company a chat message is about: by ticker or by name. Pure, so the rules are
// unit-tested on the real company list without a database.

export interface LookupCompany {
  id: string;
  name: string;
  ticker: string;
}

export interface LookupMatch<Company extends LookupCompany> {
  company: Company;
  by: 'ticker' | 'name';
  /** The text of the message that matched. */
  matched: string;
}

/** Legal-form words that do not identify a company ("Inc.", "PLC"…); dropped from the end of names. */
const legalSuffixes = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'plc', 'llc', 'lp', 'sa', 'se', 'ag', 'ab', 'asa', 'nv',
  'bv', 'spa', 'kk', 'pcl', 'tbk', 'holdings', 'holding', 'group', 'the',
]);

/** Aliases too generic to name one company on their own. */
const genericAliases = new Set([
  'bitcoin', 'btc', 'crypto', 'digital', 'capital', 'group', 'holdings', 'technology', 'technologies', 'mining', 'digital assets', 'bitcoin holdings',
  'treasury', 'publ', 'bit', 'company', 'companies', 'international', 'global', 'ventures', 'investments', 'bitcoin treasury', 'bitcoin group',
]);

/**
 * One-word names that are also everyday words: they count only when written capitalised ("analyze
 * Strategy" is the company, "what's your strategy" is not).
 */
const everydayWords = new Set([
  'strategy', 'bullish', 'block', 'fold', 'next', 'core', 'strive', 'exodus', 'cipher', 'empery', 'smarter', 'capital', 'bitcoin', 'well', 'metal',
  'method', 'dream', 'vision', 'value', 'boxed', 'fortune', 'power', 'pioneer', 'prime', 'square', 'signal', 'matrix', 'nexus', 'summit', 'vault',
  'quantum', 'locate', 'tap', 'defi', 'marathon', 'riot', 'galaxy', 'hive', 'phoenix', 'genius', 'matador', 'refine', 'alliance', 'coin', 'cash', 'gold', 'silver', 'ether', 'ming', 'jasmine', 'voyager',
]);

/** Words written in capitals that are not tickers even when a company uses them as one. */
const capitalWords = new Set(['I', 'A', 'AN', 'AND', 'OR', 'THE', 'BTC', 'ETH', 'CEO', 'CFO', 'USD', 'US', 'UK', 'EU', 'AI', 'SEC', 'IPO', 'ETF', 'NAV', 'OK']);

function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words that describe a business rather than name it ("Coinbase Global", "Riot Platforms"). */
const descriptiveWords = new Set([
  'global', 'international', 'digital', 'technologies', 'technology', 'tech', 'platforms', 'mining', 'interactive', 'enterprise', 'enterprises',
  'communications', 'resources', 'partners', 'ventures', 'assets', 'asset', 'industries', 'systems', 'solutions', 'networks', 'media', 'entertainment',
]);

function stripSuffixes(normalized: string, removable: ReadonlySet<string> = legalSuffixes): string {
  const words = normalized.split(' ');
  while (words.length > 1 && (removable.has(words.at(-1)!) || legalSuffixes.has(words.at(-1)!))) words.pop();
  while (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}

/** "bitcoin group se bitcoin holdings" also reads as "bitcoin group se": the name up to a legal form. */
function upToLegalForm(normalized: string): string | null {
  const words = normalized.split(' ');
  const index = words.findLastIndex((word, position) => position > 0 && position < words.length - 1 && legalSuffixes.has(word) && word !== 'the');
  return index > 0 ? words.slice(0, index + 1).join(' ') : null;
}

/** Every way a message may name the company: full name, name without the bracket, the bracket, without legal suffixes. */
export function nameAliases(name: string): string[] {
  const bracket = /\(([^)]*)\)/.exec(name)?.[1] ?? '';
  const outside = name.replace(/\([^)]*\)/g, ' ');
  const formerly = /formerly:?\s*(.+)/i.exec(bracket)?.[1];
  const candidates = [name, outside, formerly ?? bracket].map(normalizeName).filter(Boolean);
  const aliases = new Set<string>();
  for (const candidate of candidates) {
    aliases.add(candidate);
    aliases.add(stripSuffixes(candidate));
    aliases.add(stripSuffixes(candidate, descriptiveWords));
    const head = upToLegalForm(candidate);
    if (head) aliases.add(head);
  }
  return [...aliases].filter((alias) => alias.length >= 3 && !genericAliases.has(alias) && !/^\d+$/.test(alias));
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a one-word everyday alias appears capitalised in the original message. */
function appearsCapitalised(message: string, alias: string): boolean {
  const pattern = new RegExp(`(^|[^A-Za-z0-9])${escapeRegExp(alias)}(?![A-Za-z0-9])`, 'gi');
  for (const match of message.matchAll(pattern)) {
    const word = match[0].slice(match[1]!.length);
    if (word[0] && word[0] === word[0].toUpperCase() && word[0] !== word[0].toLowerCase()) return true;
  }
  return false;
}

/**
 * A ticker counts as a whole word: "$mstr" or "ticker: mstr" in any case; otherwise tickers of three
 * letters or fewer only in capitals (so "a", "can", "any" never match), longer ones in any case
 * unless they are everyday words. A message written all in capitals only matches "$TICKER".
 */
function tickerMatches(message: string, ticker: string): string | null {
  const escaped = escapeRegExp(ticker);
  const explicit = new RegExp(`(?:\\$|\\bticker:?\\s+|\\b(?:nasdaq|nyse|otc|tsx|lse|asx|hkex|tse)\\s*:\\s*)(${escaped})(?![A-Za-z0-9])`, 'i').exec(message);
  if (explicit) return explicit[1]!;
  if (capitalWords.has(ticker.toUpperCase())) return null;
  const shouting = !/[a-z]/.test(message);
  if (shouting) return null;
  const short = ticker.replace(/[^A-Za-z]/g, '').length <= 3 || everydayWords.has(ticker.toLowerCase());
  const word = new RegExp(`(?<![A-Za-z0-9.$-])(${escaped})(?![A-Za-z0-9]|-[A-Za-z0-9]|\\.[A-Za-z0-9])`, short ? '' : 'i').exec(message);
  return word ? word[1]! : null;
}

/**
 * The company the message names. A ticker match wins over a name match; among names the longest
 * alias wins ("Bitcoin Group SE" over "Bitcoin"). Null when nothing matches.
 */
export function findCompanyInMessage<Company extends LookupCompany>(message: string, companies: readonly Company[]): LookupMatch<Company> | null {
  let byTicker: LookupMatch<Company> | null = null;
  for (const company of companies) {
    const ticker = company.ticker.trim();
    if (!ticker) continue;
    const matched = tickerMatches(message, ticker);
    if (matched && (!byTicker || ticker.length > byTicker.company.ticker.length)) byTicker = { company, by: 'ticker', matched };
  }
  if (byTicker) return byTicker;

  const normalizedMessage = ` ${normalizeName(message)} `;
  let byName: LookupMatch<Company> | null = null;
  for (const company of companies) {
    for (const alias of nameAliases(company.name)) {
      if (byName && alias.length <= byName.matched.length) continue;
      if (!normalizedMessage.includes(` ${alias} `)) continue;
      if (!alias.includes(' ') && everydayWords.has(alias) && !appearsCapitalised(message, alias)) continue;
      byName = { company, by: 'name', matched: alias };
    }
  }
  return byName;
}
