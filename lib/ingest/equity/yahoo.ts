import { z } from 'zod';
import type { IngestConfig } from '../../data-sources/config';
import { decodeBody, getWithRetry, sharedLimiter } from '../http';
import { yahooSymbol } from './listings';
import { toMajorUnits, tradingDay, type CloseRequest, type CloseSeries, type DailyClose, type EquityPriceProvider } from './provider';

// Yahoo Finance's chart API (keyless): GET /v8/finance/chart/{symbol}?period1=…&period2=…&interval=1d
// answers {"chart":{"result":[{"meta":{currency, exchangeTimezoneName, gmtoffset…},"timestamp":[…],
// "indicators":{"quote":[{"close":[…]}]}}],"error":null}}, or a null result with
// {"error":{"code","description"}} (HTTP 404 for an unknown symbol). Timestamps are each session's
// open; closes are split-adjusted as of the request, so they are stored as fetched and never replaced.

const yahooSource = 'yahoo-chart';
const yahooMinGapMs = 500;
const day = 86_400_000;

const chartSchema = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({
            currency: z.string().nullish(),
            symbol: z.string().optional(),
            exchangeTimezoneName: z.string().nullish(),
            gmtoffset: z.number().nullish(),
          }),
          timestamp: z.array(z.number()).nullish(),
          indicators: z.object({ quote: z.array(z.object({ close: z.array(z.number().nullable()).nullish() })) }),
        }),
      )
      .nullable(),
    error: z.object({ code: z.string(), description: z.string().nullish() }).nullable(),
  }),
});

/** The closes of one chart answer within [from, to]; throws on an error answer or a body of another shape. */
export function parseYahooChart(json: unknown, request: Pick<CloseRequest, 'currency' | 'from' | 'to'>): DailyClose[] {
  const parsed = chartSchema.safeParse(json);
  if (!parsed.success) throw new Error('The chart answer is not in the chart v8 shape.');
  const { result, error } = parsed.data.chart;
  if (error || !result?.[0]) throw new Error(`The chart API answered ${error ? `${error.code}: ${error.description ?? ''}`.trim() : 'no result'}.`);
  const [series] = result;
  const timestamps = series.timestamp ?? [];
  const closes = series.indicators.quote[0]?.close ?? [];
  if (closes.length !== timestamps.length) throw new Error('The chart answer has more timestamps than closes, or fewer.');
  const quoted = series.meta.currency || request.currency;
  const byDay = new Map<number, DailyClose>();
  timestamps.forEach((at, index) => {
    const close = closes[index];
    if (close === null || close === undefined || !Number.isFinite(close) || close <= 0) return;
    const date = tradingDay(at, series.meta.exchangeTimezoneName ?? undefined, series.meta.gmtoffset ?? undefined);
    if (date < request.from || date > request.to) return;
    byDay.set(date.getTime(), { date, ...toMajorUnits(close, quoted) });
  });
  return [...byDay.values()].sort((a, b) => a.date.getTime() - b.date.getTime());
}

export function yahooProvider(config: IngestConfig): EquityPriceProvider {
  return {
    source: yahooSource,
    symbolFor: yahooSymbol,
    async fetchCloses(request: CloseRequest): Promise<CloseSeries> {
      const query = new URLSearchParams({
        period1: String(Math.floor(request.from.getTime() / 1000)),
        period2: String(Math.floor((request.to.getTime() + day) / 1000)),
        interval: '1d',
        includePrePost: 'false',
      });
      const url = `${config.equity.yahooBaseUrl}/v8/finance/chart/${encodeURIComponent(request.symbol)}?${query}`;
      const body = await getWithRetry(url, {
        // The chart API refuses requests that name no client.
        headers: { Accept: 'application/json', 'User-Agent': 'Mozilla/5.0 (compatible; treasury-intelligence price ingest)' },
        timeoutMs: config.timeoutMs,
        limiter: sharedLimiter('yahoo-chart', yahooMinGapMs),
      });
      let json: unknown;
      try {
        json = JSON.parse(decodeBody(body));
      } catch {
        throw new Error(`GET ${url} did not return JSON`);
      }
      return {
        closes: parseYahooChart(json, request),
        sourceUrl: `https://finance.yahoo.com/quote/${encodeURIComponent(request.symbol)}/history/`,
        notes: 'Yahoo chart v8 daily close; split-adjusted as of the day it was read.',
      };
    },
  };
}
