import { etagMatches } from '@/lib/http/etag';
import { etagOf, ResponseCache } from './response-cache';
import { TableChanges } from './table-changes';

const policy = { tables: ['Signal', 'Company'], ttlMs: 5000 };

function setup(options: { maxEntries?: number } = {}) {
  let clock = 1_000_000;
  const changes = new TableChanges();
  const cache = new ResponseCache(changes, { ...options, now: () => clock });
  let computed = 0;
  const compute = () => async () => ({ body: { n: ++computed } });
  return { changes, cache, compute, advance: (ms: number) => (clock += ms), computed: () => computed };
}

it('serves the serialized body and a strong ETag of it until a change', async () => {
  const { cache, compute, computed } = setup();
  const first = await cache.get('k', policy, compute());
  expect(first).toMatchObject({ body: '{"n":1}', status: 200, etag: etagOf('{"n":1}') });
  expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(await cache.get('k', policy, compute())).toMatchObject({ body: first.body, etag: first.etag });
  expect(computed()).toBe(1);
});

it('drops an entry when one of its tables changes, not for other tables', async () => {
  const { changes, cache, compute } = setup();
  await cache.get('k', policy, compute());
  changes.changed(['User']);
  expect((await cache.get('k', policy, compute())).body).toBe('{"n":1}');
  changes.changed(['Company']);
  expect((await cache.get('k', policy, compute())).body).toBe('{"n":2}');
  changes.changed(['*']);
  expect((await cache.get('k', policy, compute())).body).toBe('{"n":3}');
});

it('recomputes after the TTL even without a change, serving the expired body meanwhile', async () => {
  const { cache, compute, advance } = setup();
  await cache.get('k', policy, compute());
  advance(4999);
  expect((await cache.get('k', policy, compute())).body).toBe('{"n":1}');
  expect(cache.peek('k')?.body).toBe('{"n":1}');
  advance(1);
  expect(cache.peek('k')).toBeUndefined();
  let release!: () => void;
  let recomputed = 0;
  const slow = async () => {
    recomputed += 1;
    await new Promise<void>((resolve) => (release = resolve));
    return { body: 'recomputed' };
  };
  // Expired: callers get the old body at once, and one recomputation starts behind them.
  expect((await cache.get('k', policy, slow)).body).toBe('{"n":1}');
  expect(cache.peek('k')?.body).toBe('{"n":1}');
  expect((await cache.get('k', policy, slow)).body).toBe('{"n":1}');
  expect(recomputed).toBe(1);
  release();
  expect((await cache.whenComputed('k'))?.body).toBe('"recomputed"');
  expect((await cache.get('k', policy, slow)).body).toBe('"recomputed"');
});

it('makes callers wait once an entry is two TTLs old, and never serves one a write dropped', async () => {
  const { changes, cache, compute, advance } = setup();
  await cache.get('k', policy, compute());
  advance(10_000);
  expect(cache.peek('k')).toBeUndefined();
  expect((await cache.get('k', policy, compute())).body).toBe('{"n":2}');
  advance(6_000);
  changes.changed(['Signal']);
  expect(cache.peek('k')).toBeUndefined();
  expect((await cache.get('k', policy, compute())).body).toBe('{"n":3}');
});

it('computes once for concurrent callers', async () => {
  const { cache } = setup();
  let calls = 0;
  const slow = async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { body: calls };
  };
  const results = await Promise.all([cache.get('k', policy, slow), cache.get('k', policy, slow), cache.get('k', policy, slow)]);
  expect(calls).toBe(1);
  expect(new Set(results.map((result) => result.body))).toEqual(new Set(['1']));
});

it('does not keep a body computed while a write to its tables committed', async () => {
  const { changes, cache } = setup();
  let release!: () => void;
  const started = cache.get('k', policy, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { body: 'before the write' };
  });
  await new Promise((resolve) => setImmediate(resolve));
  changes.changed(['Signal']);
  // A caller arriving after the write does not join the stale computation.
  const after = cache.get('k', policy, async () => ({ body: 'after the write' }));
  release();
  expect((await started).body).toBe('"before the write"');
  expect((await after).body).toBe('"after the write"');
  expect((await cache.get('k', policy, async () => ({ body: 'again' }))).body).toBe('"after the write"');
});

it('hands out a running computation without starting one, unless a write made it stale', async () => {
  const { changes, cache } = setup();
  expect(cache.whenComputed('k')).toBeUndefined();
  let release!: () => void;
  const started = cache.get('k', policy, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { body: 'computed once' };
  });
  const joined = cache.whenComputed('k');
  expect(joined).toBeDefined();
  release();
  expect((await joined!).body).toBe('"computed once"');
  expect(await started).toBe(await joined);
  expect(cache.whenComputed('k')).toBeUndefined();

  cache.invalidate(['Signal']);
  const again = cache.get('k', policy, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { body: 'stale' };
  });
  await new Promise((resolve) => setImmediate(resolve));
  changes.changed(['Company']);
  expect(cache.whenComputed('k')).toBeUndefined();
  release();
  await again;
});

it('keeps at most maxEntries, dropping the oldest', async () => {
  const { cache, compute } = setup({ maxEntries: 2 });
  await cache.get('a', policy, compute());
  await cache.get('b', policy, compute());
  await cache.get('c', policy, compute());
  expect(cache.size).toBe(2);
  expect((await cache.get('a', policy, compute())).body).toBe('{"n":4}');
  expect((await cache.get('c', policy, compute())).body).toBe('{"n":3}');
});

it('keeps status and headers', async () => {
  const { cache } = setup();
  const cached = await cache.get('k', policy, async () => ({ body: [], status: 503, headers: { 'X-Next-Cursor': 'abc' } }));
  expect(cached).toMatchObject({ body: '[]', status: 503, headers: { 'X-Next-Cursor': 'abc' } });
});

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['', false],
  ])('%s', (header, matches) => expect(etagMatches(header, etag)).toBe(matches));
  it('no header', () => expect(etagMatches(null, etag)).toBe(false));
});
