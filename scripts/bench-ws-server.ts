// One benchmark server process: the product's realtime server and bus on a plain HTTP server.
// The parent sends { publish } over IPC; it answers { listening: port } once ready. Its clients need
// the session cookie of a user in DATABASE_URL's database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { websocketAccess } from '../lib/auth/websocket-access';
import { db } from '../lib/db';
import { MemoryBus, RedisBus, type EventBus } from '../lib/realtime/bus';
import type { RealtimeEvent } from '../lib/realtime/channels';
import { createRealtimeServer } from '../lib/realtime/ws-server';

async function main() {
  const redisUrl = process.env.BENCH_REDIS_URL;
  const bus: EventBus = redisUrl ? new RedisBus(redisUrl) : new MemoryBus();
  if (bus instanceof RedisBus) await bus.whenReady();
  // The product's own access check, against the database bench-ws.ts prepared (DATABASE_URL).
  const realtime = createRealtimeServer({ bus, access: websocketAccess(db) });
  const server = http.createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => realtime.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message: { publish?: RealtimeEvent; stop?: boolean }) => {
    if (message.publish) void bus.publish(message.publish);
    if (message.stop) void realtime.close().then(() => Promise.all([bus.close(), db.$disconnect()])).then(() => process.exit(0));
  });
  process.send?.({ listening: (server.address() as AddressInfo).port });
}

void main();
