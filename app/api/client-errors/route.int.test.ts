import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { POST } from './route';

beforeEach(resetDatabase);

let ipCounter = 0;
function report(body: unknown, ip = `10.0.0.${++ipCounter}`) {
  return POST(
    new Request('http://localhost/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': 'jest' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    undefined,
  );
}

it('stores a report under the reference ID the error screen showed', async () => {
  const response = await report({ referenceId: 'ERR-MF3K2J1A', message: 'Boom', digest: '123', url: 'http://localhost/signals' });
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ referenceId: 'ERR-MF3K2J1A' });
  expect(await db.clientErrorReport.findFirstOrThrow({ where: { referenceId: 'ERR-MF3K2J1A' } })).toMatchObject({
    message: 'Boom',
    digest: '123',
    url: 'http://localhost/signals',
    userAgent: 'jest',
  });
});

it.each([
  ['invalid JSON', '{', 400, 'Request body must be valid JSON'],
  ['a missing message', { referenceId: 'ERR-ABC' }, 400, 'Message is required'],
  ['a malformed reference ID', { referenceId: 'robert"); drop', message: 'x' }, 400, 'Invalid reference ID'],
  ['an oversized body', { referenceId: 'ERR-ABC', message: 'x', stack: 'y'.repeat(20_000) }, 413, 'Request body is too large'],
])('answers %s with a clear 4xx and stores nothing', async (_case, body, status, message) => {
  const response = await report(body);
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ message });
  expect(await db.clientErrorReport.count()).toBe(0);
});

it('limits one address to 20 reports a minute', async () => {
  const ip = '192.0.2.77';
  for (let index = 0; index < 20; index += 1) {
    expect((await report({ referenceId: 'ERR-LIMIT', message: `n${index}` }, ip)).status).toBe(201);
  }
  const limited = await report({ referenceId: 'ERR-LIMIT', message: 'one too many' }, ip);
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await limited.json()).toMatchObject({ message: 'Too many error reports. Please try again later.' });
});
