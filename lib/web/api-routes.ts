import { AppError, toErrorResponse } from '../http/errors';

// Answers middleware gives for /api requests Next itself would answer without JSON: a method the route
// does not export (Next: an empty 405) and a path that is not valid percent-encoded UTF-8 (Next: a
// plain-text 500 while decoding the route's params).
//
// The methods each route handler under app/api exports. app/api/hostile-input.int.test.ts fails when this table and the route
// files disagree, so a new route or method is never refused here.

export const apiRouteMethods: Readonly<Record<string, readonly HttpMethod[]>> = {
  'account/api-keys/[id]': ['DELETE'],
  'account/api-keys': ['GET', 'POST'],
  'admin/outbox': ['GET'],
  'affiliate/influencer-trial': ['POST'],
  'affiliate/links/[id]': ['PATCH'],
  'affiliate/links': ['GET', 'POST'],
  'affiliate/stats': ['GET'],
  'alerts/[id]': ['DELETE'],
  alerts: ['GET', 'POST'],
  'analytics/export': ['GET'],
  'analytics/health-distribution': ['GET'],
  'analytics/sector-allocation': ['GET'],
  'analytics/treasury-trends': ['GET'],
  'auth/[...nextauth]': ['GET', 'POST'],
  'auth/change-password': ['POST'],
  'auth/forgot-password': ['POST'],
  'auth/login': ['POST'],
  'auth/logout': ['POST'],
  'auth/mfa/disable': ['POST'],
  'auth/mfa/dismiss-prompt': ['POST'],
  'auth/mfa/regenerate-backup-codes': ['POST'],
  'auth/mfa/setup': ['POST'],
  'auth/mfa/status': ['GET'],
  'auth/mfa/verify-setup': ['POST'],
  'auth/mfa/verify': ['POST'],
  'auth/register': ['POST'],
  'auth/reset-password': ['POST'],
  'auth/risk-assessment': ['GET'],
  'auth/user': ['GET'],
  'auth/verify-email/resend': ['POST'],
  'auth/verify-email': ['POST'],
  'beta/request': ['POST'],
  'beta/reset': ['POST'],
  'beta/status': ['GET'],
  'beta/verify': ['POST'],
  'chat/add-company': ['POST'],
  'chat/analyze-company': ['POST'],
  chat: ['POST'],
  'client-errors': ['POST'],
  'companies/[id]': ['GET'],
  companies: ['GET'],
  contact: ['POST'],
  'create-subscription': ['POST'],
  cron: ['GET'],
  'dashboard/stats': ['GET'],
  'email/unsubscribe': ['POST'],
  'data-sources': ['GET'],
  'data/latest': ['GET'],
  'data/refresh': ['POST'],
  discoveries: ['GET'],
  health: ['GET'],
  'market-data': ['GET'],
  'market-data/ticker': ['GET'],
  'notifications/preferences': ['GET', 'PUT'],
  'payments/config': ['GET'],
  'payments/crypto/create': ['POST'],
  'payments/crypto/rates': ['GET'],
  'payments/crypto/status/[paymentId]': ['GET'],
  'payments/demo/confirm': ['POST'],
  'payments/paypal/order/[orderId]/capture': ['POST'],
  'payments/paypal/order': ['POST'],
  'payments/paypal/setup': ['GET'],
  'payments/plans': ['GET'],
  'payments/square/config': ['GET'],
  'payments/square/process': ['POST'],
  'payments/stripe/confirm': ['POST'],
  'payments/stripe/create-payment-intent': ['POST'],
  'payments/test-payment': ['POST'],
  'refresh/stats': ['GET'],
  'reports/[id]/download': ['GET'],
  'reports/[id]': ['GET'],
  reports: ['GET', 'POST'],
  'reports/schedules': ['GET'],
  'reports/stats': ['GET'],
  'signals/[id]/filing': ['GET'],
  'signals/[id]/market-impact': ['GET'],
  'signals/[id]/report': ['GET'],
  'signals/[id]': ['GET'],
  signals: ['GET'],
  'signals/summary': ['GET'],
  'subscription/upgrade': ['POST'],
  suggestions: ['POST'],
  'test/data-sources': ['POST'],
  'test/signals': ['POST'],
  'treasury/holdings': ['GET'],
  'v1/companies/[id]/capital-structure': ['GET'],
  'v1/companies/[id]/holdings-history': ['GET'],
  'v1/companies/[id]/issuance': ['GET'],
  'v1/companies/[id]/kpis': ['GET'],
  'v1/companies/[id]/mnav-history': ['GET'],
  'v1/companies/[id]': ['GET'],
  'v1/companies': ['GET'],
  'v1/dashboard': ['GET'],
  'v1/discoveries': ['GET'],
  'v1/leaderboard': ['GET'],
  'v1/market-prices': ['GET'],
  'v1/openapi.json': ['GET'],
  'v1/signals/export': ['GET'],
  'v1/signals': ['GET'],
  'watchlist/[id]': ['DELETE'],
  watchlist: ['GET', 'POST'],
  'webhooks/stripe': ['POST'],
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CompiledRoute {
  pattern: string;
  segments: string[];
  methods: readonly HttpMethod[];
}

// Next prefers, segment by segment from the left, a static segment to a [param] to a [...catchAll].
const segmentRank = (segment: string) => (segment.startsWith('[...') ? 2 : segment.startsWith('[') ? 1 : 0);

const compiled: CompiledRoute[] = Object.entries(apiRouteMethods)
  .map(([pattern, methods]) => ({ pattern, segments: pattern.split('/'), methods }))
  .sort((a, b) => {
    for (let index = 0; index < Math.max(a.segments.length, b.segments.length); index += 1) {
      const difference = segmentRank(a.segments[index] ?? '') - segmentRank(b.segments[index] ?? '');
      if (difference !== 0) return difference;
    }
    return 0;
  });

function matches(route: CompiledRoute, parts: string[]): boolean {
  for (let index = 0; index < route.segments.length; index += 1) {
    const segment = route.segments[index]!;
    if (segment.startsWith('[...')) return parts.length > index;
    if (index >= parts.length) return false;
    if (!segment.startsWith('[') && segment !== parts[index]) return false;
  }
  return parts.length === route.segments.length;
}

/** The route pattern an /api path resolves to and its methods, or null for a path no route serves. */
function apiRouteOf(pathname: string): { pattern: string; methods: readonly HttpMethod[] } | null {
  if (!pathname.startsWith('/api/')) return null;
  const parts = pathname.slice('/api/'.length).replace(/\/+$/, '').split('/');
  const route = compiled.find((candidate) => matches(candidate, parts));
  return route ? { pattern: route.pattern, methods: route.methods } : null;
}

/**
 * The 405 for a method the path's route does not export, or null when Next should handle the request:
 * an exported method, HEAD and OPTIONS (Next answers those from GET and the exports), an unknown path.
 */
export function methodNotAllowed(pathname: string, method: string): Response | null {
  const route = apiRouteOf(pathname);
  if (!route || method === 'OPTIONS' || (method === 'HEAD' && route.methods.includes('GET'))) return null;
  if ((route.methods as readonly string[]).includes(method)) return null;
  const allow = [...route.methods, ...(route.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return toErrorResponse(new AppError('method_not_allowed', `${method} is not supported here. Use ${route.methods.join(' or ')}.`, undefined, { Allow: allow }));
}

/** The 400 for a path Next cannot decode (`%zz`, an encoded lone surrogate like `%ED%A0%80`), or null. */
/**
 * The JSON 404 for an /api path no route serves (Next would answer its HTML 404 page). The table is
 * checked against the route files by app/api/hostile-input.int.test.ts, so a real route is never refused.
 */
export function unknownApiPath(pathname: string): Response | null {
  if (!pathname.startsWith('/api/') || apiRouteOf(pathname)) return null;
  return toErrorResponse(new AppError('not_found', 'There is no API endpoint at this path.'));
}

export function malformedPath(pathname: string): Response | null {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return toErrorResponse(new AppError('validation_failed', 'The URL path is not valid percent-encoded UTF-8.'));
  }
}
