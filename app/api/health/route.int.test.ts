import { db } from '@/lib/db';
import { seedDataSources } from '@/lib/db/seed-sources';
import { GET } from './route';

it('reports the database, the event bus and whether /ws is served', async () => {
  const response = await GET(new Request('http://localhost/api/health'), undefined);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = await response.json();
  expect(body).toMatchObject({
    status: 'healthy',
    database: { status: 'up' },
    bus: { kind: process.env.REDIS_URL ? 'redis' : 'memory', status: 'up' },
    websocket: { available: false, clients: 0 },
  });
  expect(typeof body.database.latencyMs).toBe('number');
});

it('reports each data source’s freshness', async () => {
  await seedDataSources(db);
  await db.dataSource.update({ where: { key: 'sec-filings' }, data: { lastSuccessAt: new Date(Date.now() - 90_000) } });
  const body = await (await GET(new Request('http://localhost/api/health'), undefined)).json();
  const sec = body.sources.find((source: { key: string }) => source.key === 'sec-filings');
  expect(sec).toMatchObject({ name: 'SEC filings feed', lastSuccessAt: expect.any(String) });
  expect(sec.ageSeconds).toBeGreaterThanOrEqual(89);
  expect(sec.ageSeconds).toBeLessThan(120);
});
