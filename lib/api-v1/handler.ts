import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { authorizeV1, type V1Access } from './access';
import { exportResponse, type ExportSource } from './exports';
import { cachedJson } from './respond';

// One wrapper for every JSON endpoint of /api/v1: authorization (key or session) and rate limit
// first, then the query checked against its schema, the answer serialized *through* its response
// schema (so what is sent is what /api/v1/openapi.json describes), ETag and Cache-Control.

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
      const params = (await context?.params) ?? ({} as Params);
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
      const params = (await context?.params) ?? ({} as Params);
      const source = await options.load({ query, params });
      await access.recorded;
      const response = exportResponse(source, query.format);
      for (const [name, value] of Object.entries(access.rateHeaders)) response.headers.set(name, value);
      return response;
    });
  });
}
