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
    description: 'The company detail screen’s premium-to-NAV history as a file; the title line names its basis.',
    query: historyExportQuerySchema,
    response: exportResponseSchema,
    isExport: true,
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
