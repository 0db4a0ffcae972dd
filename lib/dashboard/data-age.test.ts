import { describeDataAge } from './data-age';

const now = new Date('2026-11-25T12:00:00Z');
const july = new Date('2026-07-11T00:00:00Z');
const market = { name: 'market prices', lastSuccessAt: null, lastAttemptAt: null, lastError: null };

it('says nothing when the newest data is from the last day', () => {
  expect(describeDataAge({ now, newest: [new Date('2026-11-25T08:00:00Z'), july], ingestEnabled: true, liveSources: [market] })).toMatchObject({ reason: 'current', message: null });
});

it('names the offline demo when ingest is off', () => {
  const age = describeDataAge({ now, newest: [july, null], ingestEnabled: false, liveSources: [market] });
  expect(age).toMatchObject({ reason: 'offline-demo', ageDays: 137 });
  expect(age.message).toMatch(/^The newest data is from Jul 11, 2026, 137 days ago: live ingest is switched off, so this is the offline demo/);
});

it('names an unreachable source with its error and the last successful ingest', () => {
  const failing = { name: 'market prices', lastSuccessAt: new Date('2026-11-01T00:00:00Z'), lastAttemptAt: new Date('2026-11-25T11:59:00Z'), lastError: 'fetch failed' };
  const age = describeDataAge({ now, newest: [july, new Date('2026-11-01T00:00:00Z')], ingestEnabled: true, liveSources: [failing] });
  expect(age.reason).toBe('source-unreachable');
  expect(age.message).toContain('sources could not be reached: market prices (fetch failed); last successful ingest Nov 1, 2026.');
});

it('says when no ingest has run, and when the last one succeeded', () => {
  expect(describeDataAge({ now, newest: [july], ingestEnabled: true, liveSources: [market] }).reason).toBe('never-ingested');
  const ok = { ...market, lastSuccessAt: new Date('2026-11-20T00:00:00Z'), lastAttemptAt: new Date('2026-11-20T00:00:00Z') };
  expect(describeDataAge({ now, newest: [july], ingestEnabled: true, liveSources: [ok] }).message).toContain('last successful ingest Nov 20, 2026.');
});
