import { setBounded } from '../bounded-map';
import { processTableChanges, touches, type TableChanges } from '../cache/table-changes';

// The Session row (with its user) behind a session cookie, kept in memory so a polled read does not
// go to the database to learn who is asking. Every committed write to Session or User, in any process
// (through the bus: Redis pub/sub when REDIS_URL is set), drops the whole cache: sign-out, a password or
// 2FA change, a subscription webhook, an admin's change, an account deletion all take effect on the next
// request. The caller still checks the row (revoked, expired, whose) and the entitlement on every
// request; only the round trip is saved. A row also serves at most `ttlMs`, for writers that have no bus.

const dependsOn = ['Session', 'User'] as const;

interface Pending<Row> {
  promise: Promise<Row>;
  stale: boolean;
}

export class SessionRowCache<Row> {
  private readonly rows = new Map<string, { row: Row; expiresAt: number }>();
  private readonly pending = new Map<string, Pending<Row>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly changes: TableChanges,
    private readonly options: { ttlMs?: number; maxEntries?: number } = {},
  ) {
    this.unsubscribe = changes.subscribe((tables) => {
      if (!touches(tables, dependsOn)) return;
      this.rows.clear();
      for (const pending of this.pending.values()) pending.stale = true;
    });
  }

  async get(sessionId: string, load: () => Promise<Row>): Promise<Row> {
    this.changes.ensureBus();
    // Cut off from the other processes, a sign-out there would go unheard here: read the row every time.
    if (this.changes.isolated) return load();
    const known = this.rows.get(sessionId);
    if (known && known.expiresAt > Date.now()) return known.row;
    const running = this.pending.get(sessionId);
    if (running && !running.stale) return running.promise;
    const pending: Pending<Row> = { stale: false, promise: undefined as unknown as Promise<Row> };
    pending.promise = (async () => {
      try {
        const row = await load();
        // A write that committed while the row was read may be missing from it: not kept.
        if (!pending.stale) this.store(sessionId, row);
        return row;
      } finally {
        if (this.pending.get(sessionId) === pending) this.pending.delete(sessionId);
      }
    })();
    this.pending.set(sessionId, pending);
    return pending.promise;
  }

  private store(sessionId: string, row: Row) {
    setBounded(this.rows, sessionId, { row, expiresAt: Date.now() + (this.options.ttlMs ?? 30_000) }, this.options.maxEntries ?? 10_000);
  }

  close() {
    this.unsubscribe();
    this.rows.clear();
  }
}

const globalForSessions = globalThis as typeof globalThis & { __treasurySessionRows?: SessionRowCache<unknown> };

/** The process's session cache (shared by server.ts and Next's bundles like the database). */
export function sessionRowCache<Row>(): SessionRowCache<Row> {
  globalForSessions.__treasurySessionRows ??= new SessionRowCache<unknown>(processTableChanges());
  return globalForSessions.__treasurySessionRows as SessionRowCache<Row>;
}
