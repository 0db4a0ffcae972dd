import { RealtimeClient, connectTimeoutMs, maxReconnects, pingIntervalMs, reconnectDelayMs, rememberedEventIds, restartJitterMs, sessionCheckMs, type ConnectionState } from './client';
import { notEntitledCloseCode, serviceRestartCloseCode, sessionEndedCloseCode } from './close-codes';

// A stand-in for the browser's WebSocket: the test decides when it opens or closes.
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {
    this.readyState = 3;
  }
}

function setup(available = true, session = { valid: true }, random = () => 0.5) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const messages: unknown[] = [];
  let gaveUp = 0;
  let sessionChecks = 0;
  const client = new RealtimeClient({
    url: 'ws://example.test/ws',
    channels: ['signals', 'market_data'],
    isRealtimeAvailable: async () => available,
    hasSession: async () => (sessionChecks += 1, session.valid),
    onState: (state) => states.push(state),
    onMessage: (message) => messages.push(message),
    onGiveUp: () => (gaveUp += 1),
    random,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { client, sockets, states, messages, gaveUp: () => gaveUp, sessionChecks: () => sessionChecks };
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
    await settle();
    jest.advanceTimersByTime(reconnectDelayMs - 1);
    expect(sockets).toHaveLength(attempt + 1);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(attempt + 2);
  }
  sockets.at(-1)!.drop();
  await settle();
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

/** Lets the client's awaited checks (availability, session) settle. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
}

it.each([sessionEndedCloseCode, notEntitledCloseCode])('stops retrying on close code %i and polls until the session is valid again', async (code) => {
  const session = { valid: false };
  const { client, sockets, states, gaveUp } = setup(true, session);
  client.start();
  sockets[0]!.open();
  sockets[0]!.drop(code);
  await settle();
  expect(states.at(-1)).toBe('polling');
  // No retry, and the periodic session check finds it still invalid.
  jest.advanceTimersByTime(sessionCheckMs * 3);
  await settle();
  expect(sockets).toHaveLength(1);
  expect(gaveUp()).toBe(0);

  session.valid = true;
  await client.resume();
  expect(sockets).toHaveLength(2);
  sockets[1]!.open();
  expect(states.at(-1)).toBe('connected');
  client.stop();
});

it('asks the periodic session check, and reconnects once it passes', async () => {
  const session = { valid: false };
  const { client, sockets, sessionChecks } = setup(true, session);
  client.start();
  sockets[0]!.open();
  sockets[0]!.drop(sessionEndedCloseCode);
  await settle();
  jest.advanceTimersByTime(sessionCheckMs);
  await settle();
  expect(sessionChecks()).toBe(1);
  session.valid = true;
  jest.advanceTimersByTime(sessionCheckMs);
  await settle();
  expect(sockets).toHaveLength(2);
  client.stop();
});

it('treats a failed upgrade without a valid session as refused, not as a reason to retry', async () => {
  const { client, sockets, states } = setup(true, { valid: false });
  client.start();
  sockets[0]!.open();
  // A network drop, then the reconnect's handshake fails (the browser hides the 401 behind 1006).
  sockets[0]!.drop();
  await settle();
  jest.advanceTimersByTime(reconnectDelayMs);
  expect(sockets).toHaveLength(2);
  sockets[1]!.drop();
  await settle();
  expect(states.at(-1)).toBe('polling');
  jest.advanceTimersByTime(reconnectDelayMs * maxReconnects);
  expect(sockets).toHaveLength(2);
  client.stop();
});

it('keeps retrying a failed upgrade while the session is valid', async () => {
  const { client, sockets, sessionChecks } = setup(true, { valid: true });
  client.start();
  sockets[0]!.open();
  sockets[0]!.drop();
  await settle();
  jest.advanceTimersByTime(reconnectDelayMs);
  sockets[1]!.drop();
  await settle();
  expect(sessionChecks()).toBe(1);
  jest.advanceTimersByTime(reconnectDelayMs);
  expect(sockets).toHaveLength(3);
  client.stop();
});

it('resume() does nothing while the socket is healthy', async () => {
  const { client, sockets, sessionChecks } = setup();
  client.start();
  sockets[0]!.open();
  await client.resume();
  expect(sessionChecks()).toBe(0);
  expect(sockets).toHaveLength(1);
  client.stop();
});

describe('resuming after a reconnect (issue 29)', () => {
  const signal = (id: string, n: number) => ({ type: 'new_signal', channel: 'signals', id, data: { n } });

  it('resubscribes each channel from the newest id it received there, or from the log head it was greeted with', async () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'connected', data: { channels: ['signals', 'market_data'], serverTime: 'now', lastEventId: '100-0' } });
    sockets[0]!.receive(signal('105-0', 1));
    sockets[0]!.receive(signal('105-1', 2));
    sockets[0]!.drop();
    await settle();
    jest.advanceTimersByTime(reconnectDelayMs);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([
      { type: 'subscribe', channel: 'signals', lastEventId: '105-1' },
      { type: 'subscribe', channel: 'market_data', lastEventId: '100-0' },
    ]);
    // A newer greeting does not move a cursor back or forward: what came in between is still owed.
    sockets[1]!.receive({ type: 'connected', data: { channels: [], serverTime: 'now', lastEventId: '200-0' } });
    sockets[1]!.drop();
    await settle();
    jest.advanceTimersByTime(reconnectDelayMs);
    sockets[2]!.open();
    expect(sockets[2]!.sent).toEqual([
      { type: 'subscribe', channel: 'signals', lastEventId: '105-1' },
      { type: 'subscribe', channel: 'market_data', lastEventId: '100-0' },
    ]);
    client.stop();
  });

  it('passes an event on once however often it arrives, and keeps the newest id as the cursor', async () => {
    const { client, sockets, messages } = setup();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive(signal('7-0', 1));
    sockets[0]!.receive(signal('9-0', 2));
    // Replayed and live, or out of order: once each, and the cursor stays at the newest.
    sockets[0]!.receive(signal('7-0', 1));
    sockets[0]!.receive(signal('8-0', 3));
    sockets[0]!.receive(signal('9-0', 2));
    expect(messages).toEqual([signal('7-0', 1), signal('9-0', 2), signal('8-0', 3)]);
    sockets[0]!.drop();
    await settle();
    jest.advanceTimersByTime(reconnectDelayMs);
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: 'subscribe', channel: 'signals', lastEventId: '9-0' });
    client.stop();
  });

  it('remembers a bounded number of ids', () => {
    const { client, sockets, messages } = setup();
    client.start();
    sockets[0]!.open();
    for (let n = 0; n <= rememberedEventIds; n += 1) sockets[0]!.receive(signal(`${n}-0`, n));
    // The oldest was forgotten; the most recent are still recognised.
    sockets[0]!.receive(signal(`${rememberedEventIds}-0`, rememberedEventIds));
    sockets[0]!.receive(signal('0-0', 0));
    expect(messages).toHaveLength(rememberedEventIds + 2);
    client.stop();
  });

  it('reconnects at once, within the jitter, when the server restarts (1012), and does not count it as a failure', async () => {
    const { client, sockets, states, sessionChecks } = setup(true, { valid: true }, () => 0.25);
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive(signal('3-0', 1));
    sockets[0]!.drop(serviceRestartCloseCode);
    await settle();
    expect(states.at(-1)).toBe('connecting');
    jest.advanceTimersByTime(restartJitterMs * 0.25 - 1);
    expect(sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(states.at(-1)).toBe('connected');
    expect(sockets[1]!.sent[0]).toEqual({ type: 'subscribe', channel: 'signals', lastEventId: '3-0' });
    expect(sessionChecks()).toBe(0);
    // Every restart the same way, however many.
    for (let restart = 0; restart < maxReconnects + 2; restart += 1) {
      sockets.at(-1)!.open();
      sockets.at(-1)!.drop(serviceRestartCloseCode);
      await settle();
      jest.advanceTimersByTime(restartJitterMs);
    }
    expect(states).not.toContain('error');
    expect(states).not.toContain('polling');
    client.stop();
  });
});
