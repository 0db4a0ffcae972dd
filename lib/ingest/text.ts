// Small, dependency-free readers for the markup the sources send: EDGAR's Atom and ownership XML
// are machine-written and regular, and filings' HTML is only mined for text and table cells.

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  bull: '•',
  middot: '·',
  reg: '®',
  trade: '™',
  copy: '©',
  sect: '§',
  para: '¶',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

/** Collapses whitespace (non-breaking spaces included) to single spaces. */
export function squash(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

const blockTags = /<\/?(p|div|br|tr|li|h[1-6]|table|section|article|ul|ol|td|th)\b[^>]*>/gi;

/** Visible text of an HTML document (inline XBRL included): scripts, styles and hidden headers dropped. */
export function htmlToText(html: string): string {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|head|ix:header)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(blockTags, ' \n ')
    .replace(/<[^>]+>/g, ' ');
  return squash(decodeEntities(body));
}

/** Each `<table>` as rows of cell texts (colspans ignored). */
export function extractTables(html: string): string[][][] {
  const tables: string[][][] = [];
  for (const table of html.matchAll(/<table\b[\s\S]*?<\/table>/gi)) {
    const rows: string[][] = [];
    for (const row of table[0].matchAll(/<tr\b[\s\S]*?<\/tr>/gi)) {
      const cells = [...row[0].matchAll(/<t[dh]\b[^>]*?(?:\/>|>([\s\S]*?)<\/t[dh]>)/gi)].map((cell) => htmlToText(cell[1] ?? ''));
      rows.push(cells);
    }
    tables.push(rows);
  }
  return tables;
}

/** The inner text of the first `<tag>` in `xml` (entities decoded), or undefined. */
export function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'i').exec(xml);
  if (!match) return undefined;
  return squash(decodeEntities((match[1] ?? '').replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/<[^>]+>/g, ' ')));
}

/** The raw inner XML of every `<tag>` element in `xml`. */
export function xmlBlocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))].map((match) => match[1] ?? '');
}

/** An attribute of the first `<tag …>` in `xml`. */
export function xmlAttribute(xml: string, tag: string, attribute: string): string | undefined {
  const element = new RegExp(`<${tag}\\b([^>]*)>`, 'i').exec(xml)?.[1];
  if (!element) return undefined;
  const value = new RegExp(`\\b${attribute}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(element);
  return value ? decodeEntities(value[2] ?? value[3] ?? '') : undefined;
}

/** "1,247.1" → 1247.1; "(1,000)" → -1000; anything else → undefined. */
export function parseAmount(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const trimmed = text.replace(/[$\s]/g, '');
  const negative = /^\(.*\)$/.test(trimmed) || trimmed.startsWith('-');
  const digits = trimmed.replace(/[(),-]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  const value = Number(digits);
  return negative ? -value : value;
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "January 11, 2026" → 2026-01-11T00:00:00Z. */
export function parseLongDate(text: string | undefined): Date | undefined {
  const match = /([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(text ?? '');
  if (!match) return undefined;
  const month = months.findIndex((name) => name.startsWith((match[1] ?? '').toLowerCase().slice(0, 3)));
  if (month < 0) return undefined;
  return new Date(Date.UTC(Number(match[3]), month, Number(match[2])));
}
