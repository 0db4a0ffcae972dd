// Which errors mean the database is out of reach for now, so route() answers 503 with Retry-After
// instead of 500. It lives here, not in lib/db, because lib/http sits below lib/db (eslint.config.mjs)
// and the decision is the HTTP answer's; it reads only the codes Prisma, its adapter and pg put on errors.

// Prisma's codes for a database it cannot reach or lost mid-query: can't reach (P1001), timed out
// connecting or running (P1002, P1008), closed the connection (P1017), no pooled connection in time (P2024),
// no transaction started in time, every connection busy (P2028).
const unavailableCodes = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
// The driver adapter's kinds for the same (lib/db/adapter.ts: @prisma/adapter-pg, better-sqlite3).
const unavailableKinds = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);
// PostgreSQL's SQLSTATEs of a server shutting down or starting up (57P01-57P03), of a lost connection
// (class 08) and of too many connections (53300).
const unavailableStates = /^(57P0[123]|08...|53300)$/;
// node-postgres and the socket below it, for the few callers that use pg directly (migrations).
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// pg's pool: "timeout exceeded when trying to connect" when no connection was had in time.
const unavailableMessages = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Server has closed the connection|Can't reach database server/i;

type ErrorShape = {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; originalCode?: unknown } } };
};

/**
 * Whether `error` says the database is out of reach for now (a restart, a network cut, the pool
 * exhausted) rather than that the request was wrong: such a request may succeed if retried shortly.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const shape = error as ErrorShape;
  if (typeof shape.code === 'string' && (unavailableCodes.has(shape.code) || unavailableSocketCodes.has(shape.code) || unavailableStates.test(shape.code))) return true;
  const adapterCause = shape.meta?.driverAdapterError?.cause;
  if (adapterCause) {
    if (typeof adapterCause.kind === 'string' && unavailableKinds.has(adapterCause.kind)) return true;
    for (const code of [adapterCause.code, adapterCause.originalCode]) if (typeof code === 'string' && unavailableStates.test(code)) return true;
  }
  if (typeof shape.message === 'string' && unavailableMessages.test(shape.message)) return true;
  return isDatabaseUnavailable(shape.cause, depth + 1);
}
