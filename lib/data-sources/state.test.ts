import { readIngestConfig } from './config';
import { deriveSourceStates, type IngestRecord } from './state';

const now = new Date('2026-11-25T12:00:00Z');
const config = readIngestConfig({ INGEST_ENABLED: 'true' });
const record = (key: string, name: string, fields: Partial<IngestRecord> = {}): IngestRecord => ({ key, name, lastSuccessAt: null, lastAttemptAt: null, lastError: null, ...fields });
const rawError = 'GET https://api.example/api/v3/simple/price?ids=bitcoin%2Cethereum failed: getaddrinfo ENOTFOUND api.example';
const leaks = /https?:|api\.example|ENOTFOUND|getaddrinfo|SEC_USER_AGENT|INGEST_ENABLED/;

function byKey(records: IngestRecord[], settings = config) {
  const states = deriveSourceStates(records, settings, now);
  return Object.assign((key: string) => states.find((state) => state.key === key)!, { all: states });
}

it('calls a source live within two runs of its cadence, stale after, not connected before any success, planned without an ingester', () => {
  const states = byKey([
    record('market-prices', 'market prices', { lastSuccessAt: new Date(now.getTime() - 90_000) }),
    record('fx-rates', 'FX reference rates', { lastSuccessAt: new Date('2026-11-01T00:00:00Z') }),
    record('sec-filings', 'SEC filings feed', { lastAttemptAt: now }),
    record('job-postings', 'job postings intelligence', { lastSuccessAt: now }),
  ]);
  expect(states('market-prices')).toMatchObject({ state: 'live', label: 'Live', status: 'active', failing: false });
  expect(states('fx-rates')).toMatchObject({ state: 'stale', label: 'Stale', status: 'active' });
  expect(states('fx-rates').summary).toBe('Not updated since Nov 1, 2026, later than its usual cadence (every 6 h, the ECB publishes once a working day) — non-USD share prices use the last stored rates.');
  expect(states('sec-filings')).toMatchObject({ state: 'not-connected', label: 'Not connected', status: 'integration' });
  expect(states('sec-filings').summary).toBe('Not connected yet: no update has been received from this source.');
  // The catalogue row says nothing here: no ingester, so planned, whatever it records.
  expect(states('job-postings')).toMatchObject({ state: 'planned', status: 'planned', lastSuccessAt: null, summary: 'Planned: this source is not read yet.' });
});

it('words an unreachable source for subscribers and keeps the raw error for the technical detail', () => {
  const states = byKey([
    record('market-prices', 'market prices', { lastSuccessAt: new Date('2026-08-21T09:00:00Z'), lastAttemptAt: now, lastError: rawError }),
    record('sec-filings', 'SEC filings feed', { lastAttemptAt: now, lastError: 'SEC_USER_AGENT is not set. SEC EDGAR requires a declared User-Agent naming your organisation and a contact e-mail.' }),
    record('board-appointments', 'board appointment tracking'),
  ]);
  expect(states('market-prices')).toMatchObject({ state: 'stale', failing: true, summary: 'Market prices could not be reached since Aug 21, 2026 — figures use the last stored price.' });
  expect(states('sec-filings')).toMatchObject({ state: 'not-connected', failing: true, summary: 'SEC filings could not be reached yet — signals from newer filings are not in yet.' });
  // Board appointments are read by the SEC feed: its record, its failure.
  expect(states('board-appointments')).toMatchObject({ state: 'not-connected', failing: true, summary: 'SEC filings could not be reached yet — board changes from newer filings are not in yet.' });
  for (const state of states.all) expect(state.summary).not.toMatch(leaks);
  expect(states('market-prices').technicalDetail).toContain(`Last error: ${rawError}`);
  expect(states('sec-filings').technicalDetail).toContain('SEC_USER_AGENT is not set');
});

it('says a live source whose latest attempt failed is up to date, and names the switched-off schedule only in the detail', () => {
  const states = byKey(
    [record('market-prices', 'market prices', { lastSuccessAt: new Date(now.getTime() - 60_000), lastAttemptAt: now, lastError: rawError })],
    readIngestConfig({ INGEST_ENABLED: 'false' }),
  );
  expect(states('market-prices')).toMatchObject({ state: 'live', failing: true });
  expect(states('market-prices').summary).toMatch(/^Up to date within its usual cadence \(every 60 s\); the latest update attempt did not get through/);
  expect(states('market-prices').summary).not.toMatch(leaks);
  expect(states('market-prices').technicalDetail).toContain('Scheduled ingest is switched off (INGEST_ENABLED).');
});
