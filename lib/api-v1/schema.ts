import { z } from 'zod';
import { healthGrades } from '@/lib/treasury/metrics';
import { severities, signalTypes } from '@/lib/signals/schema';
import { discoveryStatuses } from '@/lib/treasury/schema';
import { isStorableDate } from '@/lib/validation/fields';

// The versioned read API's contract: every handler parses its query with these schemas and
// serializes its answer through them, and /api/v1/openapi.json is generated from the same objects.
// Units are in field names (Usd, Btc, Percent, Multiple); dates are ISO 8601 strings.

const isoDateTime = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time (UTC)');
const nullableIsoDateTime = isoDateTime.nullable();

// ---------------------------------------------------------------------------------------------
// Queries

const count = (fallback: number, max: number) =>
  z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);

const cursorField = z.string().max(200, 'cursor is not valid').optional().describe('meta.nextCursor of the previous page');

const sinceField = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const date = new Date(value);
    if (Number.isNaN(date.getTime()) || !isStorableDate(date)) {
      context.addIssue({ code: 'custom', message: 'since must be an ISO date, like 2026-01-31 or 2026-01-31T12:00:00Z' });
      return z.NEVER;
    }
    return date;
  })
  .describe('Only items detected on or after this ISO date');

const optionalText = (max: number, description: string) =>
  z.string().trim().max(max, `must be at most ${max} characters`).optional().transform((value) => value || undefined).describe(description);

/** For the endpoints that read no query parameters (unknown ones are ignored). */
export const noQuerySchema = z.object({});

export const companiesQuerySchema = z.object({
  sector: optionalText(80, 'Exact sector name, e.g. Technology'),
  country: optionalText(80, 'Exact country, e.g. US'),
  healthGrade: z.enum(healthGrades, { message: `healthGrade must be one of ${healthGrades.join(', ')}` }).optional().describe('Health grade A–F'),
  minHoldingsBtc: z.coerce.number({ message: 'must be a number' }).min(0, 'must not be negative').max(21_000_000, 'must be at most 21000000').optional().describe('Only companies holding at least this many BTC'),
  q: optionalText(100, 'Name or ticker contains this text'),
  limit: count(50, 200).describe('Page size, 1–200 (default 50)'),
  cursor: cursorField,
});

export const signalsQuerySchema = z.object({
  since: sinceField,
  type: z.enum(signalTypes, { message: `type must be one of ${signalTypes.join(', ')}` }).optional(),
  severity: z.enum(severities, { message: `severity must be one of ${severities.join(', ')}` }).optional(),
  q: optionalText(200, 'Search text over description, company and source'),
  limit: count(50, 200).describe('Page size, 1–200 (default 50)'),
  cursor: cursorField,
});

export const discoveriesQuerySchema = z.object({
  status: z.enum(discoveryStatuses, { message: `status must be one of ${discoveryStatuses.join(', ')}` }).optional(),
  limit: count(50, 200).describe('Number of discoveries, newest first, 1–200 (default 50)'),
});

const exportFormats = ['csv', 'json'] as const;
const formatField = z.enum(exportFormats, { message: 'format must be csv or json' }).default('csv').describe('csv (default) or json');

const leaderboardFilters = ['all', 'top-signals', 'high-risk', 'safe-holdings', 'recent-activity'] as const;

export const leaderboardExportQuerySchema = z.object({
  format: formatField,
  filter: z.enum(leaderboardFilters, { message: `filter must be one of ${leaderboardFilters.join(', ')}` }).default('all').describe('The dashboard quick filter'),
});

export const signalsExportQuerySchema = z.object({
  format: formatField,
  since: sinceField,
  type: signalsQuerySchema.shape.type,
  severity: signalsQuerySchema.shape.severity,
  q: signalsQuerySchema.shape.q,
});

export const historyExportQuerySchema = z.object({ format: formatField });

// ---------------------------------------------------------------------------------------------
// Answers

const metaSchema = z
  .object({
    asOf: nullableIsoDateTime.describe('When the newest figure in the answer was recorded'),
    sources: z.array(z.string()).describe('Where the figures come from'),
    nextCursor: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page'),
  })
  .meta({ id: 'Meta' });

export const envelope = <Data extends z.ZodType>(data: Data) => z.object({ data, meta: metaSchema });

export const metricsSchema = z
  .object({
    healthGrade: z.enum(healthGrades),
    aiRiskScore: z.number().describe('0–10, higher is riskier'),
    convictionScore: z.number().describe('0–10'),
    governanceScore: z.number().describe('0–10'),
    dryPowderScore: z.number().describe('0–10'),
    mnavMultiple: z.number().nullable().describe('Market cap ÷ (BTC held × BTC price); null without a market cap or price'),
    bitcoinYieldPercent: z.number().nullable().describe('% change of BTC per share over 90 days'),
    insiderTimingSignal: z.number().describe('−1 (net selling) … +1 (net buying), Form 4 trades of 90 days'),
    volatilityExposureScore: z.number().describe('0–10'),
    mnavAsOf: z.string().nullable().describe('Day (YYYY-MM-DD) on which price, holdings and share count all exist; the date of mnavMultiple'),
    evMnavMultiple: z.number().nullable().describe('(Market cap + debt + preferred − cash) ÷ BTC NAV; null unless every input is known'),
    dilutedMnavMultiple: z.number().nullable().describe('mNAV on the diluted share count; null without one'),
    btcPer1000Shares: z.number().nullable().describe('BTC held per 1,000 shares outstanding'),
    shareVolatilityAnnualised: z.number().nullable().describe('30-day realised volatility of the share, annualised (0.8 = 80 %)'),
    leverageRatio: z.number().nullable().describe('Total debt ÷ BTC NAV'),
    missingReasons: z.record(z.string(), z.string()).describe('Why each unknown market figure is unknown'),
    missingInputs: z.array(z.string()).describe('Risk and health inputs that were missing (counted as unknown, not as a default)'),
    provisional: z.boolean().describe('The grade rests on more missing inputs than known ones'),
    defaults: z.array(z.string()).describe('Fields above that show the documented default because their inputs are missing'),
    computedAt: nullableIsoDateTime,
  })
  .meta({ id: 'Metrics' });

const holdingSourceSchema = z.object({
  source: z.string(),
  sourceUrl: z.string().nullable(),
  filedAt: nullableIsoDateTime,
  asOf: isoDateTime,
});

export const companySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    ticker: z.string(),
    exchange: z.string(),
    sector: z.string(),
    country: z.string().nullable(),
    secCik: z.string().nullable(),
    holdingsBtc: z.number(),
    holdingsValueUsd: z.number().nullable().describe('holdingsBtc × the latest stored BTC price'),
    averageCostUsdPerBtc: z.number().nullable(),
    marketCapUsd: z.number().nullable().describe("Point-in-time market cap on marketCapAsOf"),
    marketCapAsOf: z.string().nullable().describe("Day (YYYY-MM-DD) of marketCapUsd"),
    sharesOutstanding: z.number().nullable(),
    holdingsSource: holdingSourceSchema,
    metrics: metricsSchema,
    flagged: z.boolean().describe('Two sources disagree by more than 5 %'),
    flagReason: z.string().nullable(),
  })
  .meta({ id: 'Company' });

const holdingsPointSchema = z
  .object({ asOf: isoDateTime, holdingsBtc: z.number(), source: z.string(), sourceUrl: z.string().nullable(), filedAt: nullableIsoDateTime })
  .meta({ id: 'HoldingsPoint' });

const mnavPointSchema = z.object({ asOf: isoDateTime, mnavMultiple: z.number() }).meta({ id: 'MnavPoint' });

const auditEntrySchema = z
  .object({
    id: z.string(),
    asset: z.string(),
    oldQuantity: z.number().nullable(),
    newQuantity: z.number(),
    source: z.string(),
    sourceUrl: z.string().nullable(),
    filedAt: nullableIsoDateTime,
    learnedAt: isoDateTime,
    note: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const signalSchema = z
  .object({
    id: z.string(),
    companyId: z.string().nullable(),
    companyName: z.string().nullable(),
    description: z.string(),
    source: z.string(),
    signalType: z.string(),
    severity: z.string(),
    confidencePercent: z.number(),
    detectedAt: isoDateTime,
    filingUrl: z.string().nullable(),
    formType: z.string().nullable(),
    filedAt: nullableIsoDateTime,
    priceAtDetectionUsd: z.number().nullable(),
  })
  .meta({ id: 'Signal' });

export const companyDetailSchema = companySchema
  .extend({
    holdingsHistory: z.array(holdingsPointSchema),
    mnavHistory: z.array(mnavPointSchema),
    mnavBasis: z.string().describe('How the mNAV history was computed'),
    auditTrail: z.array(auditEntrySchema).describe('Recorded holdings changes, newest first (up to 200)'),
    sources: z.array(z.object({ name: z.string(), url: z.string().nullable(), latestAsOf: isoDateTime })).describe('Every source of the holdings history'),
    recentSignals: z.array(signalSchema),
  })
  .meta({ id: 'CompanyDetail' });

export const discoverySchema = z
  .object({
    id: z.string(),
    companyName: z.string(),
    ticker: z.string().nullable(),
    companyId: z.string().nullable(),
    status: z.string(),
    type: z.string(),
    priority: z.string(),
    description: z.string(),
    source: z.string(),
    sourceUrl: z.string().nullable(),
    detectedAt: isoDateTime,
    confirmedAt: nullableIsoDateTime,
  })
  .meta({ id: 'Discovery' });

const quoteSchema = z.object({
  symbol: z.string(),
  priceUsd: z.number().nullable(),
  change24hPercent: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  volume24hUsd: z.number().nullable(),
  pricedAt: nullableIsoDateTime,
  source: z.string().nullable(),
  stale: z.boolean().describe('The quote is older than an hour'),
});

export const marketPricesSchema = z
  .object({
    quotes: z.array(quoteSchema),
    btcHistory: z.array(z.object({ at: isoDateTime, priceUsd: z.number() })).describe('Stored BTC prices of the last 365 days'),
  })
  .meta({ id: 'MarketPrices' });

export const dashboardSchema = z
  .object({
    trackedCompanies: z.number().int(),
    totalHoldingsBtc: z.number().describe('Confirmed figures only: flagged and unconfirmed companies are left out (excludedFromTotals)'),
    totalHoldingsValueUsd: z.number().nullable(),
    countedCompanies: z.number().int().describe('Companies whose confirmed figures the total counts'),
    excludedFromTotals: z.object({
      companies: z.number().int(),
      btc: z.number(),
      list: z.array(z.object({ name: z.string(), ticker: z.string(), btcHoldings: z.number(), reason: z.enum(['flagged', 'unconfirmed']) })).describe('Largest first'),
    }),
    btcPriceUsd: z.number().nullable(),
    btcPricedAt: nullableIsoDateTime,
    activeSignals: z.number().int().describe('Signals of the last 30 days'),
    prePumpAlerts: z.number().int(),
    highRiskCompanies: z.number().int().describe('AI risk score 7 or above'),
    averageRiskScore: z.number(),
  })
  .meta({ id: 'DashboardTotals' });

export const companiesResponseSchema = envelope(z.array(companySchema));
export const companyResponseSchema = envelope(companyDetailSchema);
export const signalsResponseSchema = envelope(z.array(signalSchema));
export const discoveriesResponseSchema = envelope(z.array(discoverySchema));
export const marketPricesResponseSchema = envelope(marketPricesSchema);
export const dashboardResponseSchema = envelope(dashboardSchema);

// Exports: the rows of a screen, keyed by the CSV's column names.
const cell = z.union([z.string(), z.number(), z.null()]);
export const exportResponseSchema = z
  .object({
    data: z.array(z.record(z.string(), cell)),
    meta: z.object({ title: z.string(), asOf: nullableIsoDateTime, sources: z.array(z.string()), columns: z.array(z.string()) }),
  })
  .meta({ id: 'Export' });

export const errorSchema = z
  .object({ message: z.string(), code: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() })
  .meta({ id: 'Error' });
