import { z } from 'zod';
import { mnavBases } from '@/lib/capital/mnav-basis';
import { shareBases } from '@/lib/capital/kpis';
import { envelope } from './schema';

// The contract of the capital endpoints of /api/v1 (capital structure, KPIs, issuance, mNAV bases):
// queries and answers, from which the OpenAPI document is generated like the rest of /api/v1.
// Dates of figures are days (YYYY-MM-DD); every figure says its date and its source.

const day = z.string().describe('Day (YYYY-MM-DD)');
const nullableDay = day.nullable();

const dayField = (name: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)), {
      message: `${name} must be a date written YYYY-MM-DD, like 2025-12-31`,
    })
    .describe(`Window ${name === 'from' ? 'start' : 'end'} (YYYY-MM-DD)`);

const jsonOrCsv = z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json').describe('json (default: the { data, meta } envelope) or csv');

export const capitalQuerySchema = z.object({ format: jsonOrCsv });

export const kpisQuerySchema = z
  .object({
    from: dayField('from'),
    to: dayField('to'),
    basis: z.enum(shareBases, { message: `basis must be one of ${shareBases.join(', ')}` }).optional().describe('Share count basis; the company’s assumed diluted count where stored'),
    format: jsonOrCsv,
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });

export const mnavHistoryQuerySchema = z.object({
  format: z.enum(['csv', 'json'], { message: 'format must be csv or json' }).default('csv').describe('csv (default) or json'),
  basis: z.enum(mnavBases, { message: `basis must be one of ${mnavBases.join(', ')}` }).default('basic').describe('basic (default), ev, diluted or net (Strategy’s 2026 definition)'),
});

const stated = z.object({ value: z.number(), asOf: nullableDay, source: z.string() }).meta({ id: 'StatedFigure' });

const companyRef = z.object({ id: z.string(), name: z.string(), ticker: z.string(), exchange: z.string() });

const total = z
  .object({
    valueUsd: z.number(),
    oldestAsOf: nullableDay,
    newestAsOf: nullableDay,
    basis: z.string().describe('How the total was formed'),
    excluded: z.array(z.string()).describe('Instruments left out, each with the reason'),
  })
  .meta({ id: 'CapitalTotal' });

const instrument = z
  .object({
    id: z.string(),
    name: z.string().describe('As the filing writes it; a preferred’s name is its ticker (STRF)'),
    ticker: z.string().nullable(),
    kind: z.string().describe('convertible_note | preferred_perpetual | preferred_convertible | preferred_adjustable | loan | warrant | atm_program'),
    currency: z.string(),
    issueDate: z.string().nullable(),
    maturityDate: z.string().nullable(),
    ratePercent: stated.nullable().describe('Coupon or dividend rate, % a year'),
    notional: stated.nullable().describe('Principal or notional (face) outstanding in `currency`, never carrying value'),
    notionalBasis: z.string().nullable(),
    availableAtm: stated.nullable().describe('Capacity left under an at-the-market program'),
    conversionPrice: stated.nullable(),
    conversionShares: stated.nullable().describe('Most shares a conversion gives, as stated'),
    liquidationPreferencePerShare: stated.nullable(),
    sharesOutstanding: stated.nullable(),
    seniority: stated.extend({ value: z.string() }).nullable().describe('Ranking as a filing states it'),
    annualCostUsd: z.number().nullable().describe('notional × rate'),
    btcRating: z.object({
      value: z.number().nullable().describe('BTC NAV ÷ (notional + every claim senior to or equal with it)'),
      claimsUsd: z.number().nullable(),
      seniorClaims: z.array(z.string()),
      reason: z.string().nullable().describe('Why there is no rating ("not available" where the filings do not state the order)'),
    }),
    sources: z.array(z.string()),
    notes: z.array(z.string()),
  })
  .meta({ id: 'CapitalInstrument' });

export const capitalStructureSchema = z
  .object({
    company: companyRef,
    asOf: nullableDay.describe('Day of the BTC holdings the NAV uses'),
    instruments: z.array(instrument),
    btcNav: z.object({ valueUsd: z.number(), btcHeld: stated, btcPriceUsd: stated }).nullable(),
    debt: total.nullable(),
    preferred: total.nullable(),
    amplification: z.object({
      value: z.number().nullable(),
      formula: z.string(),
      reason: z.string().nullable(),
      leftOut: z.array(z.string()).describe('Claims not in the figure (no USD notional stated), each with the reason'),
    }),
    annualObligations: total.extend({ interestUsd: z.number(), dividendsUsd: z.number() }).nullable(),
    coverage: z.object({
      btcYears: z.number().nullable().describe('BTC NAV ÷ annual coupons and dividends'),
      usdReserveMonths: z.number().nullable().describe('USD reserve ÷ (annual coupons and dividends ÷ 12)'),
      usdReserve: stated.nullable(),
      reason: z.string().nullable(),
    }),
    converts: z.array(
      z.object({
        instrumentId: z.string(),
        name: z.string(),
        conversionPriceUsd: z.number(),
        sharePriceUsd: z.number(),
        sharePriceAsOf: nullableDay,
        inTheMoney: z.boolean(),
        sharesIfConverted: z.number().nullable(),
        sharesAsOf: nullableDay,
      }),
    ),
    reported: z
      .object({
        date: day,
        source: z.string(),
        company: z.record(z.string(), z.number().nullable()).describe('The company’s own figures that day'),
        ours: z.object({
          amplification: z.number().nullable(),
          debtUsd: z.number().nullable(),
          preferredUsd: z.number().nullable(),
          annualObligationsUsd: z.number().nullable(),
          btcCoverageYears: z.number().nullable(),
          usdReserveMonths: z.number().nullable(),
        }),
        differences: z.array(z.string()).describe('Why ours and the company’s differ'),
      })
      .nullable()
      .describe('Ours beside the company’s own figures on the newest day it published its amplification'),
  })
  .meta({ id: 'CapitalStructure' });

const windowEnd = z.object({
  date: day,
  btcHeld: z.number(),
  btcHeldAsOf: day,
  btcHeldSource: z.string(),
  shares: z.number(),
  shareCountDate: day.describe('Date of the reported count used (on or before the window end)'),
  shareCountSource: z.string(),
  derived: z.boolean().describe('The reported count plus the shares the 8-Ks report sold since'),
  addedShares: z.number(),
  note: z.string().nullable(),
});

const kpiBase = { basis: z.string().nullable(), from: windowEnd.nullable(), to: windowEnd.nullable(), reason: z.string().nullable() };

const kpiWindow = z
  .object({
    name: z.string().describe('QTD, YTD, 30d, 90d, 365d or custom'),
    from: day,
    to: day,
    btcYieldPercent: z.number().nullable(),
    btcGainBtc: z.number().nullable(),
    btcDollarGainUsd: z.number().nullable(),
    fromShareCountDate: nullableDay,
    toShareCountDate: nullableDay,
    derived: z.boolean(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'KpiWindow' });

export const kpisSchema = z
  .object({
    company: companyRef,
    basis: z.string().nullable(),
    basisLabel: z.string().nullable(),
    availableBases: z.array(z.string()),
    from: nullableDay,
    to: nullableDay,
    btcYield: z.object({ valuePercent: z.number().nullable().describe('% change of BTC per share from `from` to `to`'), ...kpiBase }),
    btcGain: z.object({ valueBtc: z.number().nullable().describe('BTC held at the start × BTC Yield'), ...kpiBase }),
    btcDollarGain: z.object({
      valueUsd: z.number().nullable().describe('BTC Gain × the BTC price at the end'),
      btcPriceUsd: z.number().nullable(),
      btcPriceAsOf: nullableDay,
      ...kpiBase,
    }),
    windows: z.array(kpiWindow),
    daysToCoverMnav: z.object({
      value: z.number().nullable().describe('ln(mNAV) ÷ ln(1 + daily BTC Yield over the trailing 90 days)'),
      mNav: z.number().nullable(),
      mNavBasis: z.string().nullable(),
      mNavAsOf: nullableDay,
      btcYield90Percent: z.number().nullable(),
      reason: z.string().nullable(),
    }),
    companyFigure: z
      .object({ btcYieldPercent: z.number(), from: day, to: day, field: z.string(), source: z.string(), explanation: z.string() })
      .nullable()
      .describe('The company’s own figure for the window, where it publishes one'),
    reason: z.string().nullable(),
  })
  .meta({ id: 'CompanyKpis' });

const issuanceEvent = z
  .object({
    id: z.string(),
    type: z.string().describe('btc_purchase | btc_purchase_quarter_total | atm_sale'),
    filingDate: nullableDay,
    accession: z.string(),
    periodStart: nullableDay,
    periodEnd: nullableDay,
    security: z.string().nullable(),
    btcAcquired: z.number().nullable(),
    costUsd: z.number().nullable(),
    averagePriceUsd: z.number().nullable(),
    holdingsAfterBtc: z.number().nullable(),
    holdingsAsOf: nullableDay,
    sharesSold: z.number().nullable(),
    notionalUsd: z.number().nullable(),
    netProceedsUsd: z.number().nullable(),
    raiseKind: z.enum(['common', 'preferred']).nullable(),
    issuePriceUsd: z.number().nullable().describe('Net proceeds ÷ shares sold'),
    accretive: z.boolean().nullable().describe('Common-stock raises: issue price above BTC NAV per share that week; null for purchases and preferred raises'),
    accretion: z
      .object({
        basis: z.string(),
        sharesBefore: z.number(),
        shareCountDate: day,
        derived: z.boolean(),
        btcHeldBefore: z.number(),
        btcHeldAsOf: day,
        btcPriceUsd: z.number(),
        btcPriceBasis: z.string(),
        navPerShareUsd: z.number(),
        btcBought: z.number(),
        btcPerShareBefore: z.number(),
        btcPerShareAfter: z.number(),
      })
      .nullable(),
    seniorRaise: z
      .object({
        btcBought: z.number(),
        btcPriceUsd: z.number(),
        btcPriceBasis: z.string(),
        btcPerShareBought: z.number().nullable(),
        amplificationBefore: z.number().nullable(),
        amplificationAfter: z.number().nullable(),
        amplificationChange: z.number().nullable(),
        claimsAsOf: nullableDay,
      })
      .nullable()
      .describe('Preferred raises: the BTC per share bought and the senior claim added, instead of a verdict'),
    reason: z.string().nullable(),
    source: z.string(),
  })
  .meta({ id: 'IssuanceEvent' });

export const issuanceSchema = z.object({ company: companyRef, basis: z.string().nullable(), events: z.array(issuanceEvent) }).meta({ id: 'Issuance' });

export const capitalStructureResponseSchema = envelope(capitalStructureSchema);
export const kpisResponseSchema = envelope(kpisSchema);
export const issuanceResponseSchema = envelope(issuanceSchema);
