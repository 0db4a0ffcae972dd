import { extractTables, parseAmount, parseLongDate } from '../text';

// The "ATM Update" table of Strategy's weekly 8-Ks: one row per at-the-market program (security,
// shares sold, notional sold, net proceeds, capacity left), under a "During Period … to …" heading.
// Amounts are multiplied out from the column's "(in millions)"/"(in billions)"; a "-" is no sale.

interface AtmSaleRow {
  /** The security's ticker as the table names it ("MSTR Stock" → MSTR). */
  security: string;
  sharesSold: number;
  notionalUsd: number | null;
  netProceedsUsd: number | null;
  availableAfterUsd: number | null;
}

export interface AtmUpdate {
  periodStart?: Date;
  periodEnd?: Date;
  sales: AtmSaleRow[];
}

function scale(label: string): number {
  if (/in billions/i.test(label)) return 1e9;
  if (/in millions/i.test(label)) return 1e6;
  if (/in thousands/i.test(label)) return 1e3;
  return 1;
}

export function parseAtmUpdateTable(html: string): AtmUpdate | undefined {
  for (const table of extractTables(html)) {
    const rows = table.map((cells) => cells.map((cell) => cell.trim()).filter((cell) => cell && cell !== '$'));
    const headerIndex = rows.findIndex((cells) => cells[0] === 'Security' && cells.some((cell) => /^Shares Sold/i.test(cell)));
    if (headerIndex < 0) continue;
    const labels = rows[headerIndex]!;
    const column = (pattern: RegExp) => labels.findIndex((label) => pattern.test(label));
    const columns = { shares: column(/^Shares Sold/i), notional: column(/^Notional/i), net: column(/^Net Proceeds/i), available: column(/^Available/i) };
    const amount = (cells: string[], index: number) => {
      if (index < 0) return null;
      const value = parseAmount(cells[index]);
      return value === undefined ? null : Math.round(value * scale(labels[index]!) * 100) / 100;
    };
    const sales: AtmSaleRow[] = [];
    for (const cells of rows.slice(headerIndex + 1)) {
      const ticker = /^([A-Z]{3,5}) Stock$/.exec(cells[0] ?? '')?.[1];
      const shares = ticker ? parseAmount(cells[columns.shares]) : undefined;
      // "-" in the shares column: nothing sold under that program in the period.
      if (!ticker || shares === undefined || shares <= 0) continue;
      sales.push({ security: ticker, sharesSold: shares, notionalUsd: amount(cells, columns.notional), netProceedsUsd: amount(cells, columns.net), availableAfterUsd: amount(cells, columns.available) });
    }
    const headings = rows.slice(0, headerIndex).flat().join(' ');
    const period = /During Period ([A-Za-z]+ \d{1,2}, \d{4}) to ([A-Za-z]+ \d{1,2}, \d{4})/i.exec(headings);
    return { periodStart: parseLongDate(period?.[1]), periodEnd: parseLongDate(period?.[2]), sales };
  }
  return undefined;
}
