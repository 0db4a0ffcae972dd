// bench:cluster's floor: what one loopback socket write and one read of a frame cost on this machine,
// measured in the same run as the benchmark, as bench:scale measures the framework's floor. A live
// delivery is one write on an instance and one read in a client, most of each in the kernel, and on the
// two-core machines this benchmark runs on that cost has been seen to differ twofold from one machine to
// the next: the fan-out's figures mean little without it. This process writes a frame to each of
// `sockets` sockets every `periodMs`, as the fan-out does, and a child process reads them (net's
// `onread`, as the benchmark's clients do); each reports its CPU time per frame.
import { fork } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LoopbackFloor {
  sockets: number;
  frameBytes: number;
  /** CPU time (user and system) per socket write in the writer, and per frame in the reader. */
  writeUs: number;
  readUs: number;
}

type FromReader = { type: 'connected' } | { type: 'done'; cpuUs: number };

export async function measureLoopbackFloor({ sockets = 2_500, frameBytes = 320, rounds = 40, periodMs = 50 } = {}): Promise<LoopbackFloor> {
  const server = net.createServer();
  const connections: net.Socket[] = [];
  server.on('connection', (socket) => connections.push(socket.setNoDelay(true).on('error', () => socket.destroy())));
  // Every socket connects at once: past Node's default backlog of 511 the kernel would drop SYNs.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: sockets }, resolve));
  const { port } = server.address() as AddressInfo;
  const reader = fork(__filename, ['reader'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FLOOR_PORT: String(port), FLOOR_SOCKETS: String(sockets), FLOOR_BYTES: String(sockets * rounds * frameBytes) },
  });
  try {
    const message = (type: FromReader['type'], timeoutMs: number) =>
      new Promise<FromReader>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the loopback reader sent no ${type} within ${timeoutMs} ms`)), timeoutMs);
        const onMessage = (received: FromReader) => received.type === type && (clearTimeout(timer), reader.off('message', onMessage), resolve(received));
        reader.on('message', onMessage);
        reader.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the loopback reader exited (${code}) before it was done`))));
      });
    await message('connected', 30_000);
    for (const deadline = Date.now() + 10_000; connections.length < sockets && Date.now() < deadline; ) await sleep(10);
    if (connections.length < sockets) throw new Error(`only ${connections.length} of ${sockets} loopback sockets were accepted`);
    const done = message('done', 30_000 + rounds * periodMs);
    // Awaited after the writes; a reader that fails meanwhile must not end the process first.
    done.catch(() => undefined);
    const frame = Buffer.alloc(frameBytes, 0x61);
    let writerUs = 0;
    for (let round = 0; round < rounds; round += 1) {
      const roundStart = Date.now();
      const cpu = process.cpuUsage();
      for (const socket of connections) socket.write(frame);
      const spent = process.cpuUsage(cpu);
      writerUs += spent.user + spent.system;
      await sleep(Math.max(0, roundStart + periodMs - Date.now()));
    }
    const { cpuUs } = (await done) as Extract<FromReader, { type: 'done' }>;
    const frames = connections.length * rounds;
    return { sockets: connections.length, frameBytes, writeUs: writerUs / frames, readUs: cpuUs / frames };
  } finally {
    reader.kill();
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

function runReader() {
  const [port, sockets, expected] = ['FLOOR_PORT', 'FLOOR_SOCKETS', 'FLOOR_BYTES'].map((name) => Number(process.env[name]));
  const buffer = Buffer.allocUnsafe(64 * 1024);
  let received = 0;
  let connected = 0;
  let start: NodeJS.CpuUsage | undefined;
  const send = (message: FromReader) => process.send!(message);
  const onRead = (length: number) => {
    start ??= process.cpuUsage();
    received += length;
    if (received === expected) {
      const spent = process.cpuUsage(start);
      send({ type: 'done', cpuUs: spent.user + spent.system });
    }
    return true;
  };
  for (let index = 0; index < sockets!; index += 1) {
    net.connect({ port: port!, host: '127.0.0.1', onread: { buffer, callback: onRead } }, () => ++connected === sockets && send({ type: 'connected' }));
  }
}

if (process.argv[2] === 'reader' && process.send) runReader();
