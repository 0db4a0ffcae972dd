import type { z } from 'zod';
import { isAllowedOrigin } from '@/lib/http/origin';
import { AppError, toErrorResponse, validationError } from './errors';
import { publicOrigin } from './public-origin';
import { nulCharacterMessage, pathOfNulCharacter } from './text';

type Handler<Context> = (request: Request, context: Context) => Promise<Response> | Response;

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

/**
 * Refuses a mutation a browser sent from another site (CSRF). Middleware does the same, but a
 * handler never relies on middleware alone.
 */
export function assertSameOrigin(request: Request) {
  if (!unsafeMethods.has(request.method)) return;
  // The host the browser addressed (a forwarded one only behind TRUST_PROXY), as middleware judges it.
  const { host } = publicOrigin(request.headers, request.url);
  if (!isAllowedOrigin(request.headers.get('origin'), host, allowedOrigins)) {
    throw new AppError('forbidden', 'Cross-origin requests are not allowed');
  }
}

/**
 * Next hands path segments over decoded, so `/api/signals/a%00b` names the id 'a\u0000b', which
 * PostgreSQL cannot even compare. Such a param names nothing: 404 when the handler awaits its params,
 * which it does after its own authorization check.
 */
function guardParams<Context>(context: Context): Context {
  if (context === null || typeof context !== 'object' || !('params' in context)) return context;
  const params = Promise.resolve(context.params).then((values) => {
    if (pathOfNulCharacter(values) !== null) throw new AppError('not_found', 'Not found');
    return values;
  });
  // A handler that answers 401 first never awaits its params: that is no unhandled rejection.
  params.catch(() => undefined);
  return { ...context, params };
}

/** Wraps a route handler: foreign-origin mutations are refused and every failure becomes the one JSON error shape. */
export function route<Context = unknown>(handler: Handler<Context>): Handler<Context> {
  return async (request, context) => {
    try {
      assertSameOrigin(request);
      return await handler(request, guardParams(context));
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** A JSON answer meant for the caller alone: no shared cache keeps it and no browser cache reuses it. */
export function privateJson(body: unknown): Response {
  return Response.json(body, { headers: { 'Cache-Control': 'private, no-store' } });
}

const defaultMaxBytes = 64 * 1024;
const bodyNotObjectMessage = 'The request body must be a JSON object.';

/**
 * The body as text, refused as soon as it passes `maxBytes`: a chunked upload declares no length, and
 * request.text() would hold all of it in memory first.
 */
async function readText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('payload_too_large', 'Request body is too large');
    }
    chunks.push(value);
  }
  // Like request.text(): a byte-order mark is dropped and invalid UTF-8 becomes U+FFFD.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON body and checks it against a schema: 400 for bad JSON or bad fields, 413 if too large. */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes = defaultMaxBytes,
): Promise<z.infer<Schema>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new AppError('payload_too_large', 'Request body is too large');
  const text = await readText(request, maxBytes);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError('invalid_json', 'Request body must be valid JSON');
  }
  // Every body is a JSON object; null, an array or a bare value has no fields to name.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('validation_failed', bodyNotObjectMessage);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const nulAt = pathOfNulCharacter(parsed.data);
  if (nulAt !== null) throw new AppError('validation_failed', nulCharacterMessage, { [nulAt]: [nulCharacterMessage] });
  return parsed.data;
}

/**
 * The caller's address. The last x-forwarded-for entry is the one our own front (Next's server or
 * the hosting proxy) appended; earlier entries are whatever the client chose to send.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'unknown';
}
