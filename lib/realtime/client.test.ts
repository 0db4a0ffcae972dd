import { RealtimeClient, connectTimeoutMs, maxReconnects, pingIntervalMs, reconnectDelayMs, type ConnectionState } from './client';

// A stand-in for the browser's WebSocket: the test decides when it opens or closes.
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
}

function setup(available = true) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const messages: unknown[] = [];
  let gaveUp = 0;
  const client = new RealtimeClient({
    url: 'ws://example.test/ws',
    channels: ['signals', 'market_data'],
    isRealtimeAvailable: async () => available,
    onState: (state) => states.push(state),
    onMessage: (message) => messages.push(message),
    onGiveUp: () => (gaveUp += 1),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { client, sockets, states, messages, gaveUp: () => gaveUp };
}

beforeAll(() => ((globalThis as { WebSocket?: unknown }).WebSocket = FakeSocket));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('subscribes to each channel on open, pings every 25 s and passes messages on', () => {
  const { client, sockets, states, messages } = setup();
  client.start();
  sockets[0]!.open();
  expect(states).toEqual(['connecting', 'connected']);
  expect(sockets[0]!.sent).toEqual([
    { type: 'subscribe', channel: 'signals' },
    { type: 'subscribe', channel: 'market_data' },
  ]);
  jest.advanceTimersByTime(pingIntervalMs);
  expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping' });
  sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'new_signal', channel: 'signals', data: { id: 1 } }) });
  sockets[0]!.onmessage?.({ data: 'garbage' });
  expect(messages).toEqual([{ type: 'new_signal', channel: 'signals', data: { id: 1 } }]);
  client.stop();
});

it('reconnects up to 5 times, 3 s apart, then reports error and gives up', async () => {
  const { client, sockets, states, gaveUp } = setup();
  client.start();
  sockets[0]!.open();
  for (let attempt = 0; attempt < maxReconnects; attempt += 1) {
    sockets.at(-1)!.drop();
    await Promise.resolve();
    jest.advanceTimersByTime(reconnectDelayMs - 1);
    expect(sockets).toHaveLength(attempt + 1);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(attempt + 2);
  }
  sockets.at(-1)!.drop();
  await Promise.resolve();
  expect(states.at(-1)).toBe('error');
  expect(gaveUp()).toBe(1);
  jest.advanceTimersByTime(60_000);
  expect(sockets).toHaveLength(maxReconnects + 1);
});

it('falls back to polling at once when the host serves no /ws', async () => {
  const { client, sockets, states, gaveUp } = setup(false);
  client.start();
  sockets[0]!.drop();
  await Promise.resolve();
  await Promise.resolve();
  expect(states).toEqual(['connecting', 'polling']);
  jest.advanceTimersByTime(60_000);
  expect(sockets).toHaveLength(1);
  expect(gaveUp()).toBe(0);
});

it('treats an upgrade that never answers as a failed connection', async () => {
  const { client, sockets, states } = setup(false);
  client.start();
  jest.advanceTimersByTime(connectTimeoutMs);
  await Promise.resolve();
  await Promise.resolve();
  expect(states).toEqual(['connecting', 'polling']);
  expect(sockets[0]!.readyState).toBe(3);
});

it('stopping while the socket still connects closes it once it opens, not mid-handshake', () => {
  const { client, sockets, states } = setup();
  client.start();
  const socket = sockets[0]!;
  const close = jest.spyOn(socket, 'close');
  client.stop();
  expect(close).not.toHaveBeenCalled();
  socket.open();
  expect(close).toHaveBeenCalledWith(1000);
  expect(socket.sent).toEqual([]);
  expect(states).toEqual(['connecting', 'disconnected']);
});

it('stopping an open socket closes it at once', () => {
  const { client, sockets } = setup();
  client.start();
  sockets[0]!.open();
  const close = jest.spyOn(sockets[0]!, 'close');
  client.stop();
  expect(close).toHaveBeenCalledWith(1000);
});
