import { readIngestConfig } from './config';

it('uses the public endpoints and the default cadence', () => {
  const config = readIngestConfig({ NODE_ENV: 'production' });
  expect(config).toMatchObject({
    enabled: true,
    sec: { baseUrl: 'https://www.sec.gov', dataBaseUrl: 'https://data.sec.gov', feedForms: ['8-K', '4', 'DEF 14A'], feedIntervalMs: 15_000, submissionsPeriodMs: 6 * 3_600_000 },
    market: { baseUrl: 'https://api.coingecko.com/api/v3', intervalMs: 60_000, historyDays: 365 },
  });
  expect(config.sec.userAgent).toBeUndefined();
  expect(config.sec.userAgentProblem).toMatch(/^SEC_USER_AGENT is not set/);
});

it('is off under test unless INGEST_ENABLED says otherwise', () => {
  expect(readIngestConfig({ NODE_ENV: 'test' }).enabled).toBe(false);
  expect(readIngestConfig({ NODE_ENV: 'test', INGEST_ENABLED: 'true' }).enabled).toBe(true);
  expect(readIngestConfig({ NODE_ENV: 'production', INGEST_ENABLED: 'false' }).enabled).toBe(false);
});

it('accepts a User-Agent only with a contact address that is read', () => {
  expect(readIngestConfig({ SEC_USER_AGENT: 'Example Corp admin@example.com' }).sec.userAgent).toBe('Example Corp admin@example.com');
  expect(readIngestConfig({ SEC_USER_AGENT: 'Example Corp' }).sec).toMatchObject({ userAgent: undefined, userAgentProblem: expect.stringContaining('no contact e-mail') });
  expect(readIngestConfig({ SEC_USER_AGENT: 'Example noreply@example.com' }).sec.userAgent).toBeUndefined();
});

it('names a bad setting', () => {
  expect(() => readIngestConfig({ SEC_BASE_URL: 'not a url' })).toThrow('SEC_BASE_URL');
  expect(() => readIngestConfig({ SEC_FEED_INTERVAL_SECONDS: '-1' })).toThrow('SEC_FEED_INTERVAL_SECONDS');
});

it('reads the market-data settings with their defaults', () => {
  const config = readIngestConfig({ NODE_ENV: 'production' });
  expect(config.equity).toEqual({
    provider: 'yahoo',
    yahooBaseUrl: 'https://query1.finance.yahoo.com',
    stooqBaseUrl: 'https://stooq.com',
    periodMs: 24 * 3_600_000,
    historyDays: 365,
  });
  expect(config.fx).toEqual({ ecbBaseUrl: 'https://www.ecb.europa.eu/stats/eurofxref', intervalMs: 6 * 3_600_000 });
  expect(config.sec).toMatchObject({ companyFactsPeriodMs: 24 * 3_600_000, companyFactsHistoryYears: 5 });
  expect(config.market.treasuryIntervalMs).toBe(24 * 3_600_000);
  expect(readIngestConfig({ EQUITY_PRICES_PROVIDER: 'Stooq', EQUITY_HISTORY_DAYS: '30' }).equity).toMatchObject({ provider: 'stooq', historyDays: 30 });
  expect(() => readIngestConfig({ EQUITY_PRICES_PROVIDER: 'bloomberg' })).toThrow('EQUITY_PRICES_PROVIDER');
  expect(() => readIngestConfig({ ECB_FX_BASE_URL: 'nowhere' })).toThrow('ECB_FX_BASE_URL');
});
