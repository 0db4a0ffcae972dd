import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { connectTimeoutMs, reconnectDelayMs, restartJitterMs } from '../lib/realtime/client';
import { canonical, createClientSlots, resumingMs, type BenchClients, type ClientsReport } from './bench-cluster-clients';

// bench:cluster's WebSocket clients as one native process (scripts/bench-cluster-clients.c), built here
// with the machine's C compiler: the same clients as the worker threads of bench-cluster-clients.ts for
// about a third of their CPU, which the instances being measured get instead. What the orchestrator
// polls (who is subscribed, when each lost and got back its socket) arrives as lines on the process's
// stdout and lands in the same slots the threads share; what it counts at the end comes after `stop`.

/** Clients whose sockets open at once while the benchmark connects them (the threads: 100 each, 4 threads). */
const openBatch = 400;

/** Builds the native client into `directory`; undefined, with the compiler's first complaint printed, where it cannot. */
export function buildNativeClients(directory: string): string | undefined {
  const binary = path.join(directory, 'bench-cluster-clients');
  try {
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-o', binary, path.join(__dirname, 'bench-cluster-clients.c')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return binary;
  } catch (error) {
    const complaint = (error as { stderr?: Buffer }).stderr?.toString().trim().split('\n')[0] || (error instanceof Error ? error.message : String(error));
    console.log(`  (the native clients could not be built: ${complaint}; the worker threads' clients run instead)`);
    return undefined;
  }
}

export function startNativeClients(binary: string, url: string, cookies: string[], runId: string, directory: string): BenchClients {
  const slots = createClientSlots(cookies.length);
  const cookieFile = path.join(directory, 'cookies.txt');
  fs.writeFileSync(cookieFile, `${cookies.join('\n')}\n`);
  const target = new URL(url);
  const child = spawn(
    binary,
    [target.hostname, target.port, `${target.pathname}${target.search}`, runId, cookieFile, reconnectDelayMs, connectTimeoutMs, restartJitterMs, resumingMs, openBatch].map(String),
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let opened: (() => void) | undefined;
  let reported: ((report: ClientsReport) => void) | undefined;
  // A process that could not start or died stops the benchmark instead of leaving it waiting.
  let failed: ((error: Error) => void) | undefined;
  let dead: Error | undefined;
  const fail = (error: Error) => ((dead ??= error), failed?.(error));
  child.once('error', fail);
  child.stdin!.on('error', fail);
  child.once('exit', (code, signal) => fail(new Error(`the native clients exited (${signal ?? `code ${code}`}) before they reported`)));
  const report: ClientsReport = { ids: cookies.map(() => []), latencies: [], numbers: [], resuming: [], steadyLatencies: [], loopDelayP99Ms: 0 };

  createInterface({ input: child.stdout! }).on('line', (line) => {
    const [kind, ...fields] = line.split(' ');
    const value = (index: number) => Number(fields[index]);
    const slot = value(0);
    switch (kind) {
      case 'S': // slot, when, handshake ms, subscribe ms, attempts, incomplete
        [slots.subscribed[slot], slots.handshakeMs[slot], slots.subscribeMs[slot], slots.attempts[slot]] = [1, value(2), value(3), value(4)];
        slots.incompleteResumes[slot]! += value(5);
        if (!Number.isNaN(slots.lostAt[slot]!)) slots.backAt[slot] = value(1);
        break;
      case 'L': // slot, when
        [slots.lostAt[slot], slots.attempts[slot], slots.subscribed[slot]] = [value(1), 0, 0];
        break;
      case 'F': // slot, timed out
        slots.failedHandshakes[slot]! += 1;
        slots.timeouts[slot]! += value(1);
        break;
      case 'W': // count
        slots.warmUpReceived[0] = value(0);
        break;
      case 'O':
        opened?.();
        break;
      case 'I': // slot, ids
        report.ids[slot] = fields.slice(1).map(canonical);
        break;
      case 'R': // slot, replayed
        slots.replayed[slot] = value(1);
        break;
      case 'D': // latency, the publisher's number, resuming, steady
        report.latencies.push(value(0));
        report.numbers.push(value(1));
        report.resuming.push(value(2) === 1);
        if (value(3) === 1) report.steadyLatencies.push(value(0));
        break;
      case 'P': // ms, frames not understood
        report.loopDelayP99Ms = value(0);
        if (value(1) > 0) console.log(`  (the native clients could not read ${value(1)} text frames: counted as not delivered)`);
        break;
      case 'E':
        [failed, dead] = [undefined, new Error('the native clients have reported')];
        reported?.(report);
        break;
    }
  });
  const send = (command: string) => child.stdin!.write(`${command}\n`);

  return {
    slots,
    pid: child.pid,
    label: 'one native process',
    setSteady: (steady) => void send(`phase ${steady ? 1 : 0}`),
    open: () => new Promise<void>((resolve, reject) => (dead ? reject(dead) : ((opened = resolve), (failed = reject), send('open')))),
    stop: () => new Promise<ClientsReport>((resolve, reject) => (dead ? reject(dead) : ((reported = resolve), (failed = reject), send('stop')))),
    async terminate() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
