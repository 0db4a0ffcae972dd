import { randomUUID } from 'node:crypto';
import { existingBus, getBus, type ControlMessage, type EventBus } from '../realtime/bus';
import { allTables } from './write-watch';

// Which tables changed, for everything in this process that keeps something computed from them (the
// response cache, the session cache). Local writes are announced at once, and through the event bus
// to every other process (Redis pub/sub when REDIS_URL is set); what other processes announce arrives
// through the same bus. One hub per process, shared through globalThis like the bus and the database:
// server.ts and Next's bundled route handlers load this module separately.
//
// While a Redis bus is cut off from Redis, other processes' writes go unheard: `isolated` says so, and
// the caches then keep nothing for long (lib/cache/response-cache.ts, lib/auth/session-cache.ts). Losing
// and regaining Redis each drop everything cached, since what others wrote in between was never heard.

export type TablesListener = (tables: readonly string[]) => void;

/** Tables changed here and not yet announced to other processes, per hub (kept off the shared object). */
const outgoing = new WeakMap<TableChanges, Set<string>>();

export class TableChanges {
  /** Tells this process's own announcements apart when the bus hands them back. */
  readonly origin = randomUUID();
  private readonly listeners = new Set<TablesListener>();
  private readonly buses = new WeakSet<EventBus>();
  private bus: EventBus | undefined;
  private cutOff = false;

  subscribe(listener: TablesListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Relays what `bus` carries from other processes, and sends this process's changes out through it. */
  connect(bus: EventBus) {
    this.bus = bus;
    if (this.buses.has(bus)) return;
    this.buses.add(bus);
    if (bus.onConnectionChange) {
      this.cutOff = bus.connected === false;
      bus.onConnectionChange((connected) => {
        this.cutOff = !connected;
        this.notify([allTables]);
      });
    }
    bus.subscribeControl((message: ControlMessage) => {
      if (message.kind === 'tables_changed' && message.origin !== this.origin) this.notify(message.tables);
    });
  }

  /** True while the bus cannot reach other processes (Redis out of reach): their writes go unheard. */
  get isolated(): boolean {
    return this.cutOff && this.bus?.connected === false;
  }

  /** Connects to the process's bus once something has opened it (server.ts does at start). */
  connectExistingBus() {
    if (this.bus) return;
    const bus = existingBus();
    if (bus) this.connect(bus);
  }

  /**
   * For a cache about to serve: with REDIS_URL it must hear other processes, so it opens the bus if
   * nothing has yet (a serverless instance has no server.ts to do it). Writers only use an open bus, so
   * a script that writes does not start Redis connections it would never close.
   */
  ensureBus() {
    if (this.bus) return;
    if (process.env.REDIS_URL?.trim()) this.connect(getBus());
    else this.connectExistingBus();
  }

  /** A committed write: drop what depended on `tables` here now, and everywhere else through the bus. */
  changed(tables: readonly string[]) {
    this.notify(tables);
    this.connectExistingBus();
    if (!this.bus) return;
    // A job writing a thousand rows announces its tables once per turn of the event loop.
    let batch = outgoing.get(this);
    if (!batch) {
      batch = new Set();
      outgoing.set(this, batch);
      setImmediate(() => this.flush());
    }
    for (const table of tables) batch.add(table);
  }

  private flush() {
    const batch = outgoing.get(this);
    outgoing.delete(this);
    if (!batch?.size || !this.bus) return;
    const tables = batch.has(allTables) ? [allTables] : [...batch];
    this.bus.publishControl({ kind: 'tables_changed', tables, origin: this.origin }).catch(() => undefined);
  }

  private notify(tables: readonly string[]) {
    for (const listener of this.listeners) listener(tables);
  }
}

/** Whether a change to `changed` touches something read from `dependsOn`. */
export function touches(changed: readonly string[], dependsOn: readonly string[]): boolean {
  return changed.some((table) => table === allTables || dependsOn.includes(table));
}

const globalForChanges = globalThis as typeof globalThis & { __treasuryTableChanges?: TableChanges };

export function processTableChanges(): TableChanges {
  globalForChanges.__treasuryTableChanges ??= new TableChanges();
  return globalForChanges.__treasuryTableChanges;
}
