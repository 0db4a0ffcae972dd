import { isDatabaseUnavailable } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or unreachable database, as Prisma, its PostgreSQL adapter or pg report it', () => {
    // What a query through @prisma/adapter-pg throws when the server closes its connection.
    expect(isDatabaseUnavailable({ code: 'P1017', meta: { modelName: 'Company', driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } } })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'P1001' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'P2024' })).toBe(true);
    // What $transaction throws when all of the pool's connections stay busy past its wait.
    expect(isDatabaseUnavailable({ code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' })).toBe(true);
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } } } })).toBe(true);
    // PostgreSQL shutting down or starting up, reached through the adapter or pg itself.
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01', message: 'terminating connection due to administrator command' } } } })).toBe(true);
    expect(isDatabaseUnavailable({ code: '57P03', message: 'the database system is starting up' })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // pg's pool: a server that never answers, and a turn for a pooled connection not had in time.
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'P1017' } }))).toBe(true);
  });

  it('is false for errors of the request itself', () => {
    expect(isDatabaseUnavailable({ code: 'P2002' })).toBe(false);
    expect(isDatabaseUnavailable({ code: 'P2025' })).toBe(false);
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { kind: 'postgres', code: '22P02' } } } })).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('P1017')).toBe(false);
  });
});
