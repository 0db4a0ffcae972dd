// Preloaded by scripts/bench-http.ts (`node --require`) into the server process, and through fork's
// inherited execArgv into its background process (lib/background), never by the product. In each it
// measures the event-loop delay since the last { resetLoop } (perf_hooks.monitorEventLoopDelay, 10 ms
// resolution) and answers { loop } with it. The server process talks to the benchmark over its IPC
// channel; the background process, whose IPC channel belongs to the server, connects to the TCP address
// in BENCH_PROBE_ADDRESS instead (JSON lines), says { hello: { pid } }, and there { publish } puts an
// event on its realtime bus (lib/realtime/bus.ts keeps it on globalThis), where the product's events
// originate (the scheduler runs there), stamped with the time its loop got to it, for the WebSocket fan-out.
const net = require('node:net');
const path = require('node:path');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 10 });
const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;
const loop = () => ({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) });

function answer(message, reply) {
  if (message?.resetLoop) histogram.reset();
  if (message?.loop) reply({ loop: loop() });
  if (message?.publish) {
    // When this process's loop got to the event (wall clock, as the benchmark stamps it): the part of
    // a fan-out latency spent waiting for the event loop, before the bus and the sockets.
    const data = message.publish.data;
    if (data && typeof data === 'object' && 'benchSentAt' in data) data.benchReceivedAt = performance.timeOrigin + performance.now();
    void globalThis.__treasuryBus?.publish(message.publish);
  }
}

const isBackground = path.basename(process.argv[1] ?? '').startsWith('background');
if (isBackground && process.env.BENCH_PROBE_ADDRESS) {
  histogram.enable();
  const [host, port] = process.env.BENCH_PROBE_ADDRESS.split(':');
  const socket = net.connect(Number(port), host);
  const reply = (message) => socket.write(`${JSON.stringify(message)}\n`);
  let buffered = '';
  socket.setEncoding('utf8');
  socket.setNoDelay(true);
  socket.on('connect', () => reply({ hello: { pid: process.pid } }));
  socket.on('data', (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      answer(JSON.parse(buffered.slice(0, end)), reply);
      buffered = buffered.slice(end + 1);
    }
  });
  socket.on('error', () => {});
  // The connection must not keep a background process that is told to stop alive.
  socket.unref();
} else if (!isBackground && process.send) {
  histogram.enable();
  process.on('message', (message) => answer(message, (reply) => process.send(reply)));
  // The IPC channel must not keep a server that is told to stop alive.
  process.channel?.unref();
}
