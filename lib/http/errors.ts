import { z } from 'zod';
import { isDatabaseUnavailable } from './unavailable';

export type ErrorCode =
  | 'validation_failed'
  | 'invalid_json'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

const statusOf: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** An error a route handler answers with; `message` is final UI copy (the spec's client shows it). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status() {
    return statusOf[this.code];
  }
}

export function validationError(error: z.ZodError): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return new AppError('validation_failed', error.issues[0]?.message ?? 'Invalid request', errors);
}

/** Seconds a caller is asked to wait before retrying while the database is out of reach (a restart takes a few). */
export const unavailableRetryAfterSeconds = 5;

/** The answer while the database is out of reach; in subscriber words, nothing about where or why. */
function unavailableError(): AppError {
  return new AppError('unavailable', 'The service is briefly unavailable. Please try again in a few seconds.', undefined, {
    'Retry-After': String(unavailableRetryAfterSeconds),
  });
}

export function toErrorResponse(error: unknown): Response {
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
    // One line, not the stack: during an outage every request logs this.
    console.warn(`[api] database unavailable: ${error instanceof Error ? error.message.split('\n').filter(Boolean).at(-1) : String(error)}`);
    error = unavailableError();
  }
  if (error instanceof AppError) {
    const body = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
    return Response.json(body, { status: error.status, headers: error.headers });
  }
  console.error('[api] unexpected error', error);
  return Response.json({ message: 'Something went wrong on our side. Please try again.', code: 'internal' }, { status: 500 });
}
