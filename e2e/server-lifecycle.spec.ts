import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { entitledCookieHeader } from './support/session';

const port = Number(process.env.E2E_PORT_BASE ?? 3100) + 2;

test('a server process keys rate limits on the socket, and SIGTERM closes sockets with 1012 (service restart) and exits within 5 seconds', async ({ request }) => {
  test.setTimeout(90_000);
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'file:./.data/e2e-lifecycle.db',
      TRUST_PROXY: 'false',
      SCHEDULER_ENABLED: 'false',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  server.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));

  await expect
    .poll(async () => (await request.get(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status(), { timeout: 60_000 })
    .toBe(200);

  // A client-sent X-Forwarded-For must not give each request a fresh rate-limit bucket (20 a minute).
  const statuses: number[] = [];
  for (let index = 0; index < 21; index += 1) {
    const response = await request.post(`http://127.0.0.1:${port}/api/client-errors`, {
      headers: { 'X-Forwarded-For': `198.51.100.${index}` },
      data: { referenceId: 'ERR-SPOOF', message: `attempt ${index}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
  expect(statuses[20]).toBe(429);

  const { WebSocket } = await import('ws');
  // /ws serves entitled sessions only.
  const cookie = await entitledCookieHeader(request, `http://127.0.0.1:${port}`);
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => socket.once('message', resolve).once('error', reject));
  const socketClosed = new Promise<number>((resolve) => socket.once('close', resolve));

  const started = Date.now();
  server.kill('SIGTERM');
  const code = await exited;
  const elapsed = Date.now() - started;

  expect(code, output.join('')).toBe(0);
  expect(elapsed).toBeLessThan(5000);
  // The client reconnects at once (to another instance behind a proxy) and resumes from its last event id.
  expect(await socketClosed).toBe(1012);
  expect(output.join('')).toContain('[server] stopped');
});
