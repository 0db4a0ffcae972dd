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
