import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealtimeServer, type RealtimeAccess, type RealtimeServer } from '@/lib/realtime/ws-server';
import type { EventBus } from '@/lib/realtime/bus';

export interface RealtimeHarness {
  url: string;
  realtime: RealtimeServer;
  /** Closes the sockets and the HTTP server; the bus stays the caller's. */
  close: () => Promise<void>;
}

/** The product's WebSocket server on an ephemeral loopback port, as the background process serves /ws. */
export async function startRealtimeServer(bus: EventBus, options: { access: RealtimeAccess; accessCheckMs?: number; lateAnnouncementMs?: number }): Promise<RealtimeHarness> {
  const realtime = createRealtimeServer({ bus, access: options.access, accessCheckMs: options.accessCheckMs, lateAnnouncementMs: options.lateAnnouncementMs });
  const server = http.createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => realtime.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    realtime,
    close: async () => {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
