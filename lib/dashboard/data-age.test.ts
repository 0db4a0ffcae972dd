import { deriveSourceStates, type IngestRecord } from '../data-sources/state';
import { readIngestConfig } from '../data-sources/config';
import { describeDataAge, noDataMessage } from './data-age';

const now = new Date('2026-11-25T12:00:00Z');
const july = new Date('2026-07-11T00:00:00Z');
const config = readIngestConfig({ INGEST_ENABLED: 'true' });
const market = (fields: Partial<IngestRecord> = {}) =>
  deriveSourceStates([{ key: 'market-prices', name: 'market prices', lastSuccessAt: null, lastAttemptAt: null, lastError: null, ...fields }], config, now);

it('says nothing when the newest data is from the last day', () => {
  expect(describeDataAge({ now, newest: [new Date('2026-11-25T08:00:00Z'), july], ingestEnabled: true, liveSources: market() })).toMatchObject({ reason: 'current', message: null });
});

it('names the offline demo when ingest is off', () => {
  const age = describeDataAge({ now, newest: [july, null], ingestEnabled: false, liveSources: market() });
  expect(age).toMatchObject({ reason: 'offline-demo', ageDays: 137, failingSources: [] });
  expect(age.message).toMatch(/^The newest data is from Jul 11, 2026, 137 days ago: live ingest is switched off, so this is the offline demo/);
});

it('names an unreachable source in a subscriber’s words, never its raw error', () => {
  const failing = market({ lastSuccessAt: new Date('2026-11-01T00:00:00Z'), lastAttemptAt: new Date('2026-11-25T11:59:00Z'), lastError: 'fetch failed: getaddrinfo ENOTFOUND api.example' });
  for (const ingestEnabled of [true, false]) {
    const age = describeDataAge({ now, newest: [july, new Date('2026-11-01T00:00:00Z')], ingestEnabled, liveSources: failing });
    expect(age).toMatchObject({ reason: 'source-unreachable', failingSources: ['market-prices'] });
    expect(age.message).toContain('The newest data is from Nov 1, 2026, 24 days ago. Market prices could not be reached since Nov 1, 2026 — figures use the last stored price.');
    expect(age.message).not.toMatch(/ENOTFOUND|api\.example|fetch failed/);
  }
});

it('says when no ingest has run, and when the last one succeeded', () => {
  expect(describeDataAge({ now, newest: [july], ingestEnabled: true, liveSources: market() }).reason).toBe('never-ingested');
  const ok = market({ lastSuccessAt: new Date('2026-11-20T00:00:00Z'), lastAttemptAt: new Date('2026-11-20T00:00:00Z') });
  expect(describeDataAge({ now, newest: [july], ingestEnabled: true, liveSources: ok }).message).toContain('last successful ingest Nov 20, 2026.');
});

it('speaks of an empty database as a product, not a command', () => {
  const age = describeDataAge({ now, newest: [null, null], ingestEnabled: true, liveSources: market() });
  expect(age).toMatchObject({ reason: 'no-data', message: noDataMessage });
  expect(age.message).not.toMatch(/npm|db:seed|run /i);
});
