import { extractTables, htmlToText, parseAmount, parseLongDate, squash } from '../text';
import { parseAtmUpdateTable, type AtmUpdate } from './atm-update';

// What a filing says about bitcoin: a "BTC Update" table as Strategy prints it in its weekly 8-Ks
// (BTC acquired, aggregate purchase price, average price; aggregate holdings, total cost, average
// cost), or the same facts in sentences ("acquired 1,000 BTC for $95.2 million", "holds an
// aggregate of 687,410 BTC"), plus the language that marks a purchase, a sale or a treasury policy.

export interface BtcFigures {
  /** Positive for a purchase. */
  acquiredBtc?: number;
  soldBtc?: number;
  /** Cost of what was acquired in the period, USD. */
  purchaseCostUsd?: number;
  averagePurchasePriceUsd?: number;
  /** Holdings after the period. */
  aggregateBtc?: number;
  aggregateCostUsd?: number;
  averageCostUsd?: number;
  periodStart?: Date;
  periodEnd?: Date;
  /** Date the aggregate figure is stated as of. */
  asOf?: Date;
  /** Where the figures came from: the structured table, or sentences. */
  parsedFrom?: 'table' | 'text';
}

export interface BtcLanguage {
  mentionsBitcoin: boolean;
  purchase: boolean;
  sale: boolean;
  treasuryPolicy: boolean;
}

export interface BtcDisclosure extends BtcLanguage {
  figures: BtcFigures;
  /** The "ATM Update" table: shares sold per at-the-market program in the period. */
  atm?: AtmUpdate;
  /** A sentence around the strongest match, for the signal's details. */
  excerpt: string | undefined;
}

const btc = String.raw`(?:BTC|bitcoins?)`;
const amount = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const filler = String.raw`(?:(?:an|a)\s+)?(?:(?:aggregate|total)\s+(?:of\s+)?)?(?:approximately\s+|about\s+|roughly\s+)?`;

const languagePatterns = {
  mentionsBitcoin: /\b(bitcoins?|BTC)\b/i,
  purchase: new RegExp(String.raw`\b(acquired|purchased|bought|buy|purchase[sd]?\s+of)\b[^.;]{0,80}?\b${btc}\b|\b${btc}\s+(acquired|purchases?)\b`, 'i'),
  sale: new RegExp(String.raw`\b(sold|disposed\s+of|sale\s+of)\b[^.;]{0,60}?\b${btc}\b|\b${btc}\s+sold\b`, 'i'),
  treasuryPolicy: new RegExp(
    String.raw`\b(bitcoin|BTC|digital[- ]asset|crypto(?:currency)?)\s+treasury\b|\btreasury\s+reserve\s+asset\b|\btreasury\s+(?:reserve\s+)?(?:strategy|policy|management\s+policy)\b[^.]{0,120}?\b(bitcoin|BTC|digital\s+assets?)\b|\b(bitcoin|BTC)\b[^.]{0,120}?\btreasury\s+(?:reserve\s+)?(?:strategy|policy)\b`,
    'i',
  ),
};

export function detectBitcoinLanguage(text: string): BtcLanguage {
  return {
    mentionsBitcoin: languagePatterns.mentionsBitcoin.test(text),
    purchase: languagePatterns.purchase.test(text),
    sale: languagePatterns.sale.test(text),
    treasuryPolicy: languagePatterns.treasuryPolicy.test(text),
  };
}

/** Reads a filing document (HTML or plain text). */
export function parseBtcDisclosure(document: string): BtcDisclosure {
  const isHtml = /<\/?(html|p|div|table|span)\b/i.test(document);
  const text = isHtml ? htmlToText(document) : squash(document);
  const language = detectBitcoinLanguage(text);
  if (!language.mentionsBitcoin) return { ...language, figures: {}, excerpt: undefined };
  const fromTable = isHtml ? parseBtcUpdateTable(document) : undefined;
  const fromText = parseBtcSentences(text);
  const figures: BtcFigures = fromTable ? { ...fromText, ...definedOnly(fromTable), parsedFrom: 'table' } : fromText;
  const purchase = language.purchase || (figures.acquiredBtc ?? 0) > 0;
  const sale = language.sale || (figures.soldBtc ?? 0) > 0;
  const atm = isHtml ? parseAtmUpdateTable(document) : undefined;
  return { ...language, purchase, sale, figures, ...(atm ? { atm } : {}), excerpt: excerptAround(text, figures, language) };
}

/**
 * The "BTC Update" table: one header row of labels, one row of figures, after an optional row of
 * period headings ("During Period January 5, 2026 to January 11, 2026", "As of January 11, 2026").
 * Columns after "Aggregate BTC Holdings" describe the holdings, the ones before it the period.
 */
export function parseBtcUpdateTable(html: string): BtcFigures | undefined {
  for (const table of extractTables(html)) {
    const rows = table.map((cells) => cells.map((cell) => cell.replace(/\(\d\)/g, '').trim()).filter((cell) => cell && cell !== '$'));
    const headerIndex = rows.findIndex((cells) => cells.some((cell) => /^(BTC Acquired|BTC Sold|Aggregate BTC Holdings)\b/i.test(cell)));
    if (headerIndex < 0) continue;
    const labels = rows[headerIndex] ?? [];
    const valuesRow = rows.slice(headerIndex + 1).find((cells) => cells.length > 0 && cells.every((cell) => parseAmount(cell) !== undefined));
    if (!valuesRow) continue;
    const holdingsAt = labels.findIndex((label) => /Aggregate BTC Holdings/i.test(label));
    const figures: BtcFigures = { parsedFrom: 'table' };
    labels.forEach((label, index) => {
      const value = parseAmount(valuesRow[index]);
      if (value === undefined) return;
      const scaled = value * unitScale(label);
      const afterHoldings = holdingsAt >= 0 && index > holdingsAt;
      if (/BTC Acquired/i.test(label)) figures.acquiredBtc = value;
      else if (/BTC Sold/i.test(label)) figures.soldBtc = Math.abs(value);
      else if (/Aggregate BTC Holdings/i.test(label)) figures.aggregateBtc = value;
      else if (/Aggregate Purchase Price/i.test(label)) {
        if (afterHoldings) figures.aggregateCostUsd = scaled;
        else figures.purchaseCostUsd = scaled;
      } else if (/Average Purchase Price/i.test(label)) {
        if (afterHoldings) figures.averageCostUsd = scaled;
        else figures.averagePurchasePriceUsd = scaled;
      }
    });
    const headings = rows.slice(0, headerIndex).flat().join(' ');
    const period = /During Period ([A-Za-z]+ \d{1,2}, \d{4}) to ([A-Za-z]+ \d{1,2}, \d{4})/i.exec(headings);
    figures.periodStart = parseLongDate(period?.[1]);
    figures.periodEnd = parseLongDate(period?.[2]);
    figures.asOf = parseLongDate(/As of ([A-Za-z]+ \d{1,2}, \d{4})/i.exec(headings)?.[1]) ?? figures.periodEnd;
    if (figures.acquiredBtc !== undefined || figures.aggregateBtc !== undefined || figures.soldBtc !== undefined) return figures;
  }
  return undefined;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

function unitScale(label: string): number {
  if (/in billions/i.test(label)) return 1e9;
  if (/in millions/i.test(label)) return 1e6;
  if (/in thousands/i.test(label)) return 1e3;
  return 1;
}

const maxSupply = 21_000_000;

export function parseBtcSentences(text: string): BtcFigures {
  const figures: BtcFigures = {};
  const aggregate =
    new RegExp(String.raw`\b(?:aggregate|total)\s+(?:of\s+)?(?:approximately\s+|about\s+)?${amount}\s+${btc}\b`, 'i').exec(text) ??
    new RegExp(String.raw`\b(?:holds?|held|holding|owns?|owned)\s+${filler}${amount}\s+${btc}\b`, 'i').exec(text);
  if (aggregate) {
    figures.aggregateBtc = plausible(parseAmount(aggregate[1]));
    const before = text.slice(Math.max(0, aggregate.index - 160), aggregate.index + aggregate[0].length + 60);
    figures.asOf = parseLongDate(/\b[Aa]s of ([A-Z][a-z]+\.? \d{1,2}, \d{4})/.exec(before)?.[1]);
  }
  const acquired = new RegExp(String.raw`\b(?:acquired|purchased|bought)\s+${filler}${amount}\s+${btc}\b((?:[^.;]|\.(?=\d)){0,160})`, 'i').exec(text);
  if (acquired) {
    figures.acquiredBtc = plausible(parseAmount(acquired[1]));
    const rest = acquired[2] ?? '';
    const cost = /\bfor\s+(?:an\s+aggregate\s+(?:purchase\s+price\s+)?of\s+)?(?:approximately\s+)?\$\s?([\d,.]+)\s*(million|billion)?/i.exec(rest);
    if (cost) figures.purchaseCostUsd = (parseAmount(cost[1]) ?? NaN) * (cost[2] ? unitScale(`in ${cost[2]}s`) : 1) || undefined;
  }
  const sold = new RegExp(String.raw`\b(?:sold|disposed\s+of)\s+${filler}${amount}\s+${btc}\b`, 'i').exec(text);
  if (sold) figures.soldBtc = plausible(parseAmount(sold[1]));
  const average = /\baverage\s+(?:purchase\s+)?price\s+of\s+(?:approximately\s+)?\$\s?([\d,.]+)\s+per\s+(?:bitcoin|BTC)\b/i.exec(text);
  if (average) figures.averagePurchasePriceUsd = parseAmount(average[1]);
  if (figures.aggregateBtc !== undefined || figures.acquiredBtc !== undefined || figures.soldBtc !== undefined) figures.parsedFrom = 'text';
  return figures;
}

function plausible(value: number | undefined): number | undefined {
  return value !== undefined && value > 0 && value <= maxSupply ? value : undefined;
}

function excerptAround(text: string, figures: BtcFigures, language: BtcLanguage): string | undefined {
  const anchors = [
    figures.parsedFrom === 'table' ? /BTC Update/i : undefined,
    figures.aggregateBtc !== undefined ? /aggregate|holds|held/i : undefined,
    language.purchase ? languagePatterns.purchase : undefined,
    language.sale ? languagePatterns.sale : undefined,
    language.treasuryPolicy ? languagePatterns.treasuryPolicy : undefined,
    languagePatterns.mentionsBitcoin,
  ];
  for (const anchor of anchors) {
    const match = anchor?.exec(text);
    if (!match) continue;
    // From the start of the sentence, when it begins shortly before the match.
    const sentence = text.lastIndexOf('. ', match.index);
    const start = sentence >= 0 && match.index - sentence < 200 ? sentence + 2 : match.index;
    return text.slice(start, start + 400).trim();
  }
  return undefined;
}
