import type { z } from 'zod';
import {
  companiesQuerySchema,
  companiesResponseSchema,
  companyResponseSchema,
  dashboardResponseSchema,
  discoveriesQuerySchema,
  discoveriesResponseSchema,
  exportResponseSchema,
  historyExportQuerySchema,
  leaderboardExportQuerySchema,
  marketPricesResponseSchema,
  noQuerySchema,
  signalsExportQuerySchema,
  signalsQuerySchema,
  signalsResponseSchema,
} from './schema';
import {
  capitalQuerySchema,
  capitalStructureResponseSchema,
  issuanceResponseSchema,
  kpisQuerySchema,
  kpisResponseSchema,
  mnavHistoryQuerySchema,
} from './capital-schema';

// Every endpoint of /api/v1 once: the OpenAPI document, the docs page and the schema-conformance
// test all read this list, and each route file uses the same schemas.

export interface V1Endpoint {
  /** The path as OpenAPI writes it. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  query: z.ZodObject;
  /** JSON answer (envelope) or, for exports, the JSON form of the file. */
  response: z.ZodType;
  /** An export: CSV by default, JSON with ?format=json. */
  isExport?: boolean;
  /** A JSON answer that also comes as CSV with ?format=csv. */
  hasCsv?: boolean;
  /** A path parameter's example value for the docs page. */
  pathParams?: string[];
}

export const v1Endpoints: readonly V1Endpoint[] = [
  {
    path: '/api/v1/companies',
    operationId: 'listCompanies',
    summary: 'Companies',
    description: 'Tracked companies with holdings, their source and computed metrics, largest holder first. Filter by sector, country, health grade, minimum holdings or text; page with meta.nextCursor.',
    query: companiesQuerySchema,
    response: companiesResponseSchema,
  },
  {
    path: '/api/v1/companies/{id}',
    operationId: 'getCompany',
    summary: 'One company',
    description: 'A company with its holdings history and every source, mNAV history (and its basis), metrics with the defaults they fell back to, the audit trail of holdings changes and recent signals.',
    query: noQuerySchema,
    response: companyResponseSchema,
    pathParams: ['id'],
  },
  {
    path: '/api/v1/companies/{id}/holdings-history',
    operationId: 'exportHoldingsHistory',
    summary: 'Holdings history export',
    description: 'The company detail screen’s holdings history as a file.',
    query: historyExportQuerySchema,
    response: exportResponseSchema,
    isExport: true,
    pathParams: ['id'],
  },
  {
    path: '/api/v1/companies/{id}/mnav-history',
    operationId: 'exportMnavHistory',
    summary: 'mNAV history export',
    description:
      'The company’s mNAV history as a file, one point per day: basis=basic (market cap ÷ BTC NAV, the default), ev ((market cap + debt + preferred − cash) ÷ BTC NAV), diluted (share price × diluted shares ÷ BTC NAV) or net (Strategy’s 2026-07-23 definition: share price ÷ net BTC NAV per share, where net BTC NAV per share = (BTC NAV + cash − debt and preferred not convertible in the money) ÷ (basic shares + shares of the converts in the money that day)). The title line names the basis, its formula and the days left out.',
    query: mnavHistoryQuerySchema,
    response: exportResponseSchema,
    isExport: true,
    pathParams: ['id'],
  },
  {
    path: '/api/v1/companies/{id}/capital-structure',
    operationId: 'getCapitalStructure',
    summary: 'Capital structure',
    description:
      'Each instrument (convertible notes, preferreds by ticker, loans, ATM programs, warrants) at notional with the date of every amount, rate and term; debt and preferred totals; amplification = (debt + preferred) ÷ BTC NAV; BTC rating per instrument = BTC NAV ÷ (its notional + every claim senior to or equal with it), "not available" where the filings do not state the order; annual coupons and dividends with their coverage; converts in or out of the money; and ours beside the company’s own figures. ?format=csv for the instrument table.',
    query: capitalQuerySchema,
    response: capitalStructureResponseSchema,
    hasCsv: true,
    pathParams: ['id'],
  },
  {
    path: '/api/v1/companies/{id}/kpis',
    operationId: 'getCompanyKpis',
    summary: 'BTC Yield, BTC Gain, BTC $ Gain',
    description:
      'Strategy’s KPIs for the window from–to (default: year to date) and for QTD, YTD, 30, 90 and 365 days: BTC Yield = % change of BTC per share (assumed diluted where stated, else the basis named), BTC Gain = BTC at the start × BTC Yield, BTC $ Gain = BTC Gain × BTC price at the end; each end names the share count used (the nearest on or before it; "derived" when the shares the 8-Ks report sold since were added). Also days to cover mNAV and the company’s own figure where it publishes one. ?format=csv for the windows.',
    query: kpisQuerySchema,
    response: kpisResponseSchema,
    hasCsv: true,
    pathParams: ['id'],
  },
  {
    path: '/api/v1/companies/{id}/issuance',
    operationId: 'getIssuance',
    summary: 'Purchases and capital raises',
    description:
      'Every BTC purchase and at-the-market sale the filings report; each common-stock raise with `accretive` (issue price above BTC NAV per share that week, BTC per share before and after), each preferred raise with the BTC per share it bought and the change in amplification. ?format=csv for the table.',
    query: capitalQuerySchema,
    response: issuanceResponseSchema,
    hasCsv: true,
    pathParams: ['id'],
  },
  {
    path: '/api/v1/signals',
    operationId: 'listSignals',
    summary: 'Signals',
    description: 'Signals newest first: filter by since, type, severity or text; page with meta.nextCursor.',
    query: signalsQuerySchema,
    response: signalsResponseSchema,
  },
  {
    path: '/api/v1/signals/export',
    operationId: 'exportSignals',
    summary: 'Signals export',
    description: 'Every signal matching the filters of the Signals screen, streamed.',
    query: signalsExportQuerySchema,
    response: exportResponseSchema,
    isExport: true,
  },
  {
    path: '/api/v1/discoveries',
    operationId: 'listDiscoveries',
    summary: 'Discoveries',
    description: 'Companies showing signs of adopting bitcoin, newest first.',
    query: discoveriesQuerySchema,
    response: discoveriesResponseSchema,
  },
  {
    path: '/api/v1/market-prices',
    operationId: 'getMarketPrices',
    summary: 'Market prices',
    description: 'The latest stored BTC and ETH quotes (marked stale after an hour) and a year of BTC prices.',
    query: noQuerySchema,
    response: marketPricesResponseSchema,
  },
  {
    path: '/api/v1/dashboard',
    operationId: 'getDashboardTotals',
    summary: 'Dashboard totals',
    description: 'The dashboard’s stat cards: tracked companies, BTC held (confirmed figures only, the companies left out named) and its value, signal and risk counts.',
    query: noQuerySchema,
    response: dashboardResponseSchema,
  },
  {
    path: '/api/v1/leaderboard',
    operationId: 'exportLeaderboard',
    summary: 'Leaderboard export',
    description: 'The dashboard’s Top 100 Bitcoin Treasury Holdings table, with its quick filter, as a file.',
    query: leaderboardExportQuerySchema,
    response: exportResponseSchema,
    isExport: true,
  },
];
