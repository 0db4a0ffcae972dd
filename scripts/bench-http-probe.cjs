// Preloaded into the server process by scripts/bench-http.ts (`node --require`), never by the product.
// Over the IPC channel it answers { loop } with the event-loop delay since the last { resetLoop }
// (perf_hooks.monitorEventLoopDelay, 10 ms resolution), and { publish } puts an event on the
// process's own realtime bus (lib/realtime/bus.ts keeps it on globalThis), for the WebSocket fan-out,
// stamped with the time it was received.
const { monitorEventLoopDelay } = require('node:perf_hooks');

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;
  process.on('message', (message) => {
    if (message?.resetLoop) histogram.reset();
    if (message?.loop) {
      process.send({ loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } });
    }
    if (message?.publish) {
      // When this process's loop got to the event (wall clock, as the benchmark stamps it): the part of
      // a fan-out latency spent waiting for the server's event loop, before the bus and the sockets.
      const data = message.publish.data;
      if (data && typeof data === 'object' && 'benchSentAt' in data) data.benchReceivedAt = performance.timeOrigin + performance.now();
      void globalThis.__treasuryBus?.publish(message.publish);
    }
  });
  // The IPC channel must not keep a server that is told to stop alive.
  process.channel?.unref();
}
