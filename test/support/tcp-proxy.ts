import net from 'node:net';
import type { AddressInfo } from 'node:net';

// A TCP relay on a free port of 127.0.0.1 in front of a real service (PostgreSQL, Redis), so a test
// can take that service away from the product without stopping it for anyone else on the machine:
// cut() drops every open connection and refuses new ones, restore() lets them through again.

export interface TcpProxy {
  /** 127.0.0.1:<port> of the relay. */
  host: string;
  port: number;
  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string;
  cut(): void;
  restore(): void;
  /** Connections open through the relay now. */
  readonly open: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let refusing = false;

  const server = net.createServer((client) => {
    // A refused connection is closed at once. (Not resetAndDestroy(): on a socket the peer already
    // closed, Node 20 spun the event loop on it.)
    if (refusing) return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const cutAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    host: '127.0.0.1',
    port,
    urlFor(url: string) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      refusing = true;
      cutAll();
    },
    restore() {
      refusing = false;
    },
    get open() {
      return pairs.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        refusing = true;
        cutAll();
        server.close(() => resolve());
      }),
  };
}

/** The host and port a postgresql:// or redis:// URL names, with each scheme's default port. */
export function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  const defaultPort = parsed.protocol.startsWith('redis') ? 6379 : 5432;
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || defaultPort) };
}
