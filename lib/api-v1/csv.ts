// CSV for exports (RFC 4180). A text cell that a spreadsheet would run as a formula (= + - @, tab,
// carriage return) is prefixed with an apostrophe: exported descriptions come from outside filings.

export type Cell = string | number | null;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The lines before the column header: `# ` + text, one fact per line. */
export function csvCommentLines(lines: readonly string[]): string {
  return lines.map((line) => `# ${line.replace(/[\r\n]+/g, ' ')}\r\n`).join('');
}
