import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { resolveCompanyId } from '@/lib/treasury/slugs';
import { authorizeV1, type V1Access } from './access';
import { exportResponse, type ExportSource } from './exports';
import { cachedJson } from './respond';

// One wrapper for every JSON endpoint of /api/v1: authorization (key or session) and rate limit
// first, then the query checked against its schema, the answer serialized *through* its response
// schema (so what is sent is what /api/v1/openapi.json describes), ETag and Cache-Control.

/**
 * The route's parameters with `{id}` resolved: under /api/v1 it always names a company, by id or by
 * the slug of its page (MSTR, COIN.NASDAQ), so every /companies/{id}/… loader receives the id.
 */
async function resolvedParams<Params>(db: Db, params: Promise<Params> | undefined): Promise<Params> {
  const raw = (await params) ?? ({} as Params);
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' ? { ...raw, id: await resolveCompanyId(db, id) } : raw;
}

/** Runs the rest of a request; a refusal after authorization (bad query, unknown id) still carries the caller's RateLimit-* headers. */
async function withRateHeaders(access: V1Access, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    await access.recorded;
    if (error instanceof AppError) throw new AppError(error.code, error.message, error.errors, { ...access.rateHeaders, ...error.headers });
    throw error;
  }
}

interface Options<Query extends z.ZodType, Params> {
  query: Query;
  response: z.ZodType;
  maxAgeSeconds: number;
  load: (input: { query: z.output<Query>; params: Params; access: V1Access; request: Request }) => Promise<unknown>;
}

export function v1Json<Query extends z.ZodType, Params = Record<string, never>>(db: Db, options: Options<Query, Params>) {
  return route<{ params: Promise<Params> }>(async (request, context) => {
    const access = await authorizeV1(db, request);
    return withRateHeaders(access, async () => {
      const query = readQuery(request, options.query) as z.output<Query>;
      const params = await resolvedParams(db, context?.params);
      const body = options.response.parse(await options.load({ query, params, access, request }));
      await access.recorded;
      return cachedJson(request, body, options.maxAgeSeconds, access.rateHeaders);
    });
  });
}

interface ExportOptions<Query extends z.ZodType, Params> {
  query: Query;
  load: (input: { query: z.output<Query>; params: Params }) => Promise<ExportSource>;
}

/** An export of /api/v1: same authorization and rate limit, streamed as CSV or JSON (`?format=`). */
export function v1Export<Query extends z.ZodType<{ format: 'csv' | 'json' }>, Params = Record<string, never>>(db: Db, options: ExportOptions<Query, Params>) {
  return route<{ params: Promise<Params> }>(async (request, context) => {
    const access = await authorizeV1(db, request);
    return withRateHeaders(access, async () => {
      const query = readQuery(request, options.query) as z.output<Query>;
      const params = await resolvedParams(db, context?.params);
      const source = await options.load({ query, params });
      await access.recorded;
      return withHeaders(exportResponse(source, query.format), access.rateHeaders);
    });
  });
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

interface JsonOrCsvOptions<Query extends z.ZodType<{ format: 'json' | 'csv' }>, Params, View> {
  query: Query;
  response: z.ZodType;
  maxAgeSeconds: number;
  /** The view once, and the JSON answer made from it. */
  load: (input: { query: z.output<Query>; params: Params }) => Promise<{ view: View; body: unknown }>;
  /** The same figures as a CSV file (?format=csv). */
  csv: (view: View) => ExportSource;
}

/** A JSON endpoint (the { data, meta } envelope, checked against its schema) that also answers ?format=csv. */
export function v1JsonOrCsv<Query extends z.ZodType<{ format: 'json' | 'csv' }>, Params, View>(db: Db, options: JsonOrCsvOptions<Query, Params, View>) {
  return route<{ params: Promise<Params> }>(async (request, context) => {
    const access = await authorizeV1(db, request);
    return withRateHeaders(access, async () => {
      const query = readQuery(request, options.query) as z.output<Query>;
      const params = await resolvedParams(db, context?.params);
      const { view, body } = await options.load({ query, params });
      await access.recorded;
      if (query.format === 'csv') return withHeaders(exportResponse(options.csv(view), 'csv'), access.rateHeaders);
      return cachedJson(request, options.response.parse(body), options.maxAgeSeconds, access.rateHeaders);
    });
  });
}
