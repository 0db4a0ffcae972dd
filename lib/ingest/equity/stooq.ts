import type { IngestConfig } from '../../data-sources/config';
import { decodeBody, getWithRetry, sharedLimiter } from '../http';
import { stooqSymbol } from './listings';
import { toMajorUnits, type CloseRequest, type CloseSeries, type DailyClose, type EquityPriceProvider } from './provider';
import { isoDay } from '../../dates';

// Stooq's daily CSV (keyless): GET /q/d/l/?s={symbol}&d1=YYYYMMDD&d2=YYYYMMDD&i=d answers
// "Date,Open,High,Low,Close,Volume" rows, or the text "No data". Stooq covers the US (.us), Tokyo
// (.jp), London (.uk, quoted in pence), Hong Kong (.hk) and Germany (.de); it names no currency,
// so the listing table's is used.

const stooqSource = 'stooq';
const stooqMinGapMs = 1000;

const compactDay = (date: Date) => isoDay(date).replace(/-/g, '');

export function parseStooqCsv(text: string, request: Pick<CloseRequest, 'symbol' | 'currency' | 'from' | 'to'>): DailyClose[] {
  const trimmed = text.trim();
  if (/^no data/i.test(trimmed)) return [];
  const [header, ...lines] = trimmed.split(/\r?\n/);
  const columns = (header ?? '').split(',').map((column) => column.trim().toLowerCase());
  const dateColumn = columns.indexOf('date');
  const closeColumn = columns.indexOf('close');
  if (dateColumn < 0 || closeColumn < 0) throw new Error('The Stooq answer is not a daily CSV with Date and Close columns.');
  // London closes are in pence on Stooq.
  const quoted = request.symbol.endsWith('.uk') ? 'GBp' : request.currency;
  const closes: DailyClose[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    const day = cells[dateColumn]?.trim() ?? '';
    const close = Number(cells[closeColumn]);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`The Stooq answer has a row without a date: "${line.slice(0, 60)}".`);
    if (!Number.isFinite(close) || close <= 0) continue;
    const date = new Date(`${day}T00:00:00Z`);
    if (date < request.from || date > request.to) continue;
    closes.push({ date, ...toMajorUnits(close, quoted) });
  }
  return closes.sort((a, b) => a.date.getTime() - b.date.getTime());
}

export function stooqProvider(config: IngestConfig): EquityPriceProvider {
  return {
    source: stooqSource,
    symbolFor: stooqSymbol,
    async fetchCloses(request: CloseRequest): Promise<CloseSeries> {
      const query = new URLSearchParams({ s: request.symbol, d1: compactDay(request.from), d2: compactDay(request.to), i: 'd' });
      const url = `${config.equity.stooqBaseUrl}/q/d/l/?${query}`;
      const body = await getWithRetry(url, { headers: { Accept: 'text/csv' }, timeoutMs: config.timeoutMs, limiter: sharedLimiter('stooq', stooqMinGapMs) });
      return {
        closes: parseStooqCsv(decodeBody(body), request),
        sourceUrl: `https://stooq.com/q/d/?s=${encodeURIComponent(request.symbol)}`,
        notes: 'Stooq daily close.',
      };
    },
  };
}
