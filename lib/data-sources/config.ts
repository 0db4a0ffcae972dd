import { z } from 'zod';

// Ingest settings from process.env, read on every run so a test or an operator can change them
// without a restart. Loaded by server.ts under plain Node: no 'server-only' here.

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

const url = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value || fallback).replace(/\/+$/, ''))
    .pipe(z.url());

const positive = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : fallback))
    .pipe(z.number().positive());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const ingestEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  INGEST_ENABLED: flag,
  SEC_USER_AGENT: optionalText,
  SEC_BASE_URL: url('https://www.sec.gov'),
  SEC_DATA_BASE_URL: url('https://data.sec.gov'),
  SEC_FEED_FORMS: z
    .string()
    .optional()
    .transform((value) =>
      (value?.trim() ? value : '8-K,4,DEF 14A')
        .split(',')
        .map((form) => form.trim().toUpperCase())
        .filter(Boolean),
    ),
  SEC_FEED_INTERVAL_SECONDS: positive(15),
  SEC_SUBMISSIONS_PERIOD_HOURS: positive(6),
  SEC_SUBMISSIONS_LOOKBACK_DAYS: positive(30),
  COINGECKO_BASE_URL: url('https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: optionalText,
  MARKET_PRICES_INTERVAL_SECONDS: positive(60),
  MARKET_HISTORY_DAYS: positive(365),
  SEC_COMPANYFACTS_PERIOD_HOURS: positive(24),
  SEC_COMPANYFACTS_HISTORY_YEARS: positive(5),
  EQUITY_PRICES_PROVIDER: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value || 'yahoo').toLowerCase())
    .pipe(z.enum(['yahoo', 'stooq'])),
  YAHOO_CHART_BASE_URL: url('https://query1.finance.yahoo.com'),
  STOOQ_BASE_URL: url('https://stooq.com'),
  EQUITY_PRICES_PERIOD_HOURS: positive(24),
  EQUITY_HISTORY_DAYS: positive(365),
  ECB_FX_BASE_URL: url('https://www.ecb.europa.eu/stats/eurofxref'),
  FX_RATES_INTERVAL_HOURS: positive(6),
  COINGECKO_TREASURY_INTERVAL_HOURS: positive(24),
  INGEST_HTTP_TIMEOUT_MS: positive(20_000),
});

export interface IngestConfig {
  /** Whether the scheduler runs the ingest jobs (runIngest itself always runs when called). */
  enabled: boolean;
  sec: {
    /** Undefined when SEC_USER_AGENT is missing or names no contact address: the SEC ingesters then skip. */
    userAgent: string | undefined;
    userAgentProblem: string | undefined;
    baseUrl: string;
    dataBaseUrl: string;
    feedForms: string[];
    feedIntervalMs: number;
    submissionsPeriodMs: number;
    lookbackDays: number;
    companyFactsPeriodMs: number;
    companyFactsHistoryYears: number;
  };
  equity: {
    provider: 'yahoo' | 'stooq';
    yahooBaseUrl: string;
    stooqBaseUrl: string;
    /** Each company's prices are read again after this long. */
    periodMs: number;
    /** Days of daily closes read for a company with none stored yet. */
    historyDays: number;
  };
  fx: {
    ecbBaseUrl: string;
    intervalMs: number;
  };
  market: {
    baseUrl: string;
    apiKey: string | undefined;
    intervalMs: number;
    historyDays: number;
    treasuryIntervalMs: number;
  };
  timeoutMs: number;
}

const hour = 60 * 60 * 1000;

export function readIngestConfig(env: Readonly<Record<string, string | undefined>> = process.env): IngestConfig {
  const parsed = ingestEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid ingest settings:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  const userAgentProblem = describeUserAgentProblem(value.SEC_USER_AGENT);
  return {
    // Jest runs route handlers that call runJobs; no test should reach the internet by default.
    enabled: value.INGEST_ENABLED ?? value.NODE_ENV !== 'test',
    sec: {
      userAgent: userAgentProblem ? undefined : value.SEC_USER_AGENT,
      userAgentProblem,
      baseUrl: value.SEC_BASE_URL,
      dataBaseUrl: value.SEC_DATA_BASE_URL,
      feedForms: value.SEC_FEED_FORMS,
      feedIntervalMs: value.SEC_FEED_INTERVAL_SECONDS * 1000,
      submissionsPeriodMs: value.SEC_SUBMISSIONS_PERIOD_HOURS * hour,
      lookbackDays: value.SEC_SUBMISSIONS_LOOKBACK_DAYS,
      companyFactsPeriodMs: value.SEC_COMPANYFACTS_PERIOD_HOURS * hour,
      companyFactsHistoryYears: value.SEC_COMPANYFACTS_HISTORY_YEARS,
    },
    equity: {
      provider: value.EQUITY_PRICES_PROVIDER,
      yahooBaseUrl: value.YAHOO_CHART_BASE_URL,
      stooqBaseUrl: value.STOOQ_BASE_URL,
      periodMs: value.EQUITY_PRICES_PERIOD_HOURS * hour,
      historyDays: Math.round(value.EQUITY_HISTORY_DAYS),
    },
    fx: {
      ecbBaseUrl: value.ECB_FX_BASE_URL,
      intervalMs: value.FX_RATES_INTERVAL_HOURS * hour,
    },
    market: {
      baseUrl: value.COINGECKO_BASE_URL,
      apiKey: value.COINGECKO_API_KEY,
      intervalMs: value.MARKET_PRICES_INTERVAL_SECONDS * 1000,
      historyDays: Math.round(value.MARKET_HISTORY_DAYS),
      treasuryIntervalMs: value.COINGECKO_TREASURY_INTERVAL_HOURS * hour,
    },
    timeoutMs: value.INGEST_HTTP_TIMEOUT_MS,
  };
}

/**
 * SEC fair access: automated traffic must declare itself with an organisation and a contact e-mail;
 * anonymous or noreply@ agents are refused at the edge. We never send a request without one.
 */
function describeUserAgentProblem(userAgent: string | undefined): string | undefined {
  if (!userAgent) {
    return 'SEC_USER_AGENT is not set. SEC EDGAR requires a declared User-Agent naming your organisation and a contact e-mail, e.g. "Example Corp admin@example.com".';
  }
  const email = /[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}/i.exec(userAgent)?.[0];
  if (!email) return `SEC_USER_AGENT "${userAgent}" has no contact e-mail. Use the form "Example Corp admin@example.com".`;
  if (/^no-?reply@/i.test(email)) return `SEC_USER_AGENT must give a contact e-mail that is read, not ${email}.`;
  return undefined;
}
