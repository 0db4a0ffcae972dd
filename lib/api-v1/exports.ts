import type { Db } from '@/lib/db';
import { applyDashboardFilter, type DashboardFilter } from '@/lib/dashboard/filters';
import { AppError } from '@/lib/http/errors';
import { capitalize, displayCompanyName, signalTypeLabel } from '@/lib/signals/display';
import { nameWithTicker } from '@/lib/treasury/aggregates';
import { getCompanyDetail, listHoldings } from '@/lib/treasury/repository';
import { listSignals } from '@/lib/signals/repository';
import { newest } from './meta';
import { csvCommentLines, csvLine, type Cell } from '../csv';
import type { SignalsQuery } from './signals';
import { isoDay } from '../dates';

// The exports of four screens — the dashboard's leaderboard, the signals list, a company's holdings
// history and its mNAV history — with the rows and columns the screen shows, as CSV or JSON. Each
// file opens with its title, as-of date and sources: in CSV three lines starting with "# " before
// the header row (documented on /api-docs), in JSON under `meta`. Rows are written to a
// ReadableStream as they are read, so a long signal history never sits in memory whole.

interface ExportColumn {
  key: string;
  /** What the screen calls the column. */
  label: string;
}

export interface ExportSource {
  title: string;
  fileName: string;
  asOf: string | null;
  sources: string[];
  columns: readonly ExportColumn[];
  rows: AsyncIterable<Record<string, Cell>>;
}

const encoder = new TextEncoder();

export function exportResponse(source: ExportSource, format: 'csv' | 'json'): Response {
  const iterator = source.rows[Symbol.asyncIterator]();
  let started = false;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(format === 'csv' ? csvPreamble(source) : jsonPreamble(source)));
        }
        const next = await iterator.next();
        if (next.done) {
          if (format === 'json') controller.enqueue(encoder.encode(']}\n'));
          controller.close();
          return;
        }
        const row = next.value;
        if (format === 'csv') controller.enqueue(encoder.encode(csvLine(source.columns.map((column) => row[column.key] ?? null))));
        else {
          controller.enqueue(encoder.encode(`${first ? '' : ','}\n${JSON.stringify(row)}`));
          first = false;
        }
      } catch (error) {
        console.error('[api-v1] export failed', error instanceof Error ? error.message : 'unknown error');
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const extension = format === 'csv' ? 'csv' : 'json';
  return new Response(stream, {
    headers: {
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${source.fileName}.${extension}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

function csvPreamble(source: ExportSource): string {
  return (
    csvCommentLines([source.title, `As of: ${source.asOf ?? 'no data yet'}`, `Sources: ${source.sources.join('; ') || 'none'}`]) +
    csvLine(source.columns.map((column) => column.key))
  );
}

function jsonPreamble(source: ExportSource): string {
  const meta = { title: source.title, asOf: source.asOf, sources: source.sources, columns: source.columns.map((column) => column.key) };
  return `{"meta":${JSON.stringify(meta)},"data":[`;
}

async function* fromArray<T>(items: readonly T[]) {
  yield* items;
}

const day = 86_400_000;

const leaderboardColumns: readonly ExportColumn[] = [
  { key: 'rank', label: '#' },
  { key: 'company', label: 'Company' },
  { key: 'ticker', label: 'Ticker' },
  { key: 'exchange', label: 'Exchange' },
  { key: 'sector', label: 'Sector' },
  { key: 'holdings_btc', label: 'BTC' },
  { key: 'value_usd', label: 'Value' },
  { key: 'health_grade', label: 'Health' },
  { key: 'ai_risk_score', label: 'Risk' },
  { key: 'mnav_multiple', label: 'mNAV' },
  { key: 'mnav_as_of', label: 'mNAV as of' },
];

/** The Top 100 table as the dashboard shows it: listHoldings' first 100, the quick filter applied, ranks from the unfiltered order. */
async function leaderboardRows(db: Db, filter: DashboardFilter, now = new Date()) {
  const [holdings, changes] = await Promise.all([
    listHoldings(db, { limit: 100, offset: 0 }, now),
    db.holdingChange.findMany({ where: { learnedAt: { gte: new Date(now.getTime() - day) } }, select: { companyId: true }, distinct: ['companyId'] }),
  ]);
  const rankOf = new Map(holdings.map((company, index) => [company.id, index + 1]));
  const rows = applyDashboardFilter(holdings, filter, { now, recentChangeIds: new Set(changes.map((change) => change.companyId)) });
  return rows.map((company) => ({
    company,
    row: {
      rank: rankOf.get(company.id) ?? null,
      company: company.name,
      ticker: company.ticker,
      exchange: company.exchange,
      sector: company.sector,
      holdings_btc: company.btcHoldings,
      value_usd: company.holdings[0]?.currentValue ?? null,
      health_grade: company.metrics.healthGrade,
      ai_risk_score: company.metrics.aiRiskScore,
      mnav_multiple: company.metrics.premiumToNav,
      mnav_as_of: company.metrics.mNavAsOf,
    } satisfies Record<string, Cell>,
  }));
}

export async function leaderboardExport(db: Db, filter: DashboardFilter, now = new Date()): Promise<ExportSource> {
  const rows = await leaderboardRows(db, filter, now);
  const btcPricedAt = await db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'desc' }, select: { at: true, source: true } });
  const holdingSources = [...new Set(rows.map(({ company }) => company.holdings[0]?.source).filter((source): source is string => Boolean(source)))].sort();
  return {
    title: `Top 100 Bitcoin Treasury Holdings${filter === 'all' ? '' : ` (filter: ${filter})`}`,
    fileName: `treasury-leaderboard-${isoDay(now)}`,
    asOf: newest([...rows.map(({ company }) => company.holdings[0]?.asOf), btcPricedAt?.at.toISOString()]),
    sources: [...holdingSources.map((source) => `holdings: ${source}`), ...(btcPricedAt ? [`BTC price: ${btcPricedAt.source} at ${btcPricedAt.at.toISOString()}`] : [])],
    columns: leaderboardColumns,
    rows: fromArray(rows.map(({ row }) => row)),
  };
}

const signalColumns: readonly ExportColumn[] = [
  { key: 'detected_at', label: 'Detected' },
  { key: 'company', label: 'Company' },
  { key: 'severity', label: 'Severity' },
  { key: 'signal_type', label: 'Type' },
  { key: 'description', label: 'Description' },
  { key: 'source', label: 'Source' },
  { key: 'confidence_percent', label: 'Confidence' },
];

type SignalFilters = Omit<SignalsQuery, 'cursor' | 'limit'>;

/** Every signal the Signals screen lists for these filters, page after page, newest first. */
async function* signalRows(db: Db, filters: SignalFilters): AsyncGenerator<Record<string, Cell>> {
  let cursor: { detectedAt: Date; id: string } | undefined;
  for (;;) {
    const page = await listSignals(db, { ...filters, cursor, limit: 500 });
    for (const signal of page.signals) {
      yield {
        detected_at: signal.detectedAt,
        company: displayCompanyName(signal),
        severity: capitalize(signal.severity),
        signal_type: signalTypeLabel(signal.signalType),
        description: signal.description,
        source: signal.source,
        confidence_percent: signal.confidence,
      };
    }
    const last = page.signals.at(-1);
    if (!page.nextCursor || !last) return;
    cursor = { detectedAt: new Date(last.detectedAt), id: last.id };
  }
}

export async function signalsExport(db: Db, filters: SignalFilters, now = new Date()): Promise<ExportSource> {
  const [latest, sources] = await Promise.all([
    listSignals(db, { ...filters, limit: 1 }),
    db.signal.findMany({ distinct: ['source'], select: { source: true }, orderBy: { source: 'asc' }, take: 50 }),
  ]);
  const described = [filters.severity && `severity ${filters.severity}`, filters.type && `type ${filters.type}`, filters.q && `search "${filters.q}"`, filters.since && `since ${filters.since.toISOString()}`].filter(Boolean);
  return {
    title: `Signals${described.length ? ` (${described.join(', ')})` : ''}`,
    fileName: `treasury-signals-${isoDay(now)}`,
    asOf: latest.signals[0]?.detectedAt ?? null,
    sources: sources.map((row) => row.source),
    columns: signalColumns,
    rows: signalRows(db, filters),
  };
}

async function companyOrNotFound(db: Db, id: string) {
  const company = id.length <= 64 ? await getCompanyDetail(db, id) : null;
  if (!company) throw new AppError('not_found', 'Company not found');
  return company;
}

const holdingsHistoryColumns: readonly ExportColumn[] = [
  { key: 'as_of', label: 'Date' },
  { key: 'holdings_btc', label: 'BTC' },
  { key: 'source', label: 'Source' },
  { key: 'source_url', label: 'Source document' },
  { key: 'filed_at', label: 'Filed' },
];

export async function holdingsHistoryExport(db: Db, id: string): Promise<ExportSource> {
  const company = await companyOrNotFound(db, id);
  const history = company.holdingsHistory;
  return {
    title: `${nameWithTicker(company)} holdings history`,
    fileName: `${company.ticker.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-holdings-history`,
    asOf: history.at(-1)?.asOf ?? company.holdings[0]!.asOf,
    sources: [...new Set(history.map((point) => point.source))].sort(),
    columns: holdingsHistoryColumns,
    rows: fromArray(history.map((point) => ({ as_of: point.asOf, holdings_btc: point.quantity, source: point.source, source_url: point.sourceUrl, filed_at: point.filedAt }))),
  };
}

const mnavHistoryColumns: readonly ExportColumn[] = [
  { key: 'as_of', label: 'Date' },
  { key: 'mnav_multiple', label: 'mNAV' },
];

export async function mnavHistoryExport(db: Db, id: string): Promise<ExportSource> {
  const company = await companyOrNotFound(db, id);
  const btc = await db.marketPrice.findFirst({ where: { symbol: 'BTC' }, orderBy: { at: 'desc' }, select: { source: true } });
  return {
    title: `${nameWithTicker(company)} premium to NAV (mNAV) history; basis: basic: ${company.mnavBasis}`,
    fileName: `${company.ticker.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-mnav-history`,
    asOf: company.mnavHistory.at(-1)?.asOf ?? null,
    sources: [...new Set(company.holdingsHistory.map((point) => `holdings: ${point.source}`))].sort().concat(btc ? [`BTC price: ${btc.source}`, 'market capitalisation: stored company figure'] : []),
    columns: mnavHistoryColumns,
    rows: fromArray(company.mnavHistory.map((point) => ({ as_of: point.asOf, mnav_multiple: point.premiumToNav }))),
  };
}
