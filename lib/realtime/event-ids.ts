import type { RealtimeEvent } from './channels';

// Realtime event ids have the shape of Redis stream ids, `<milliseconds>-<sequence>`, whichever log
// gave them: Redis (XADD, shared by every process) or the in-process log below (one process and its
// background process). They sort in publication order, so "after this id" is a client's resume point.
// The browser client imports this file: no zod, no value from channels.ts.

/** An event as the log holds it: with its id. */
export type LoggedEvent = RealtimeEvent & { id: string };

/** What a resuming client missed on one channel, oldest first; `complete` is false when the log no longer holds all of it. */
export interface Replay {
  events: LoggedEvent[];
  complete: boolean;
}

/** The most events one subscribe replays; a client that missed more refetches (complete: false). */
export const maxReplayEvents = 1_000;

export function compareEventIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(Number);
  const [bMs, bSeq] = b.split('-').map(Number);
  return aMs! - bMs! || aSeq! - bSeq!;
}

/**
 * The last `capacity` events of this process, with ids from the wall clock: a process started again
 * gives ids after those of its previous run, and anything a client asks for from before this log began
 * is reported incomplete rather than silently skipped.
 */
export class EventLog {
  private readonly entries: LoggedEvent[] = [];
  private lastMs = 0;
  private seq = 0;
  /** Everything at or before this id is not in the log (published before it began, or trimmed). */
  private horizon: string;

  constructor(private readonly capacity = 10_000) {
    this.horizon = `${Date.now()}-0`;
    this.lastMs = Date.now();
  }

  append(event: RealtimeEvent): LoggedEvent {
    const now = Date.now();
    // The clock may step back; ids may not.
    if (now > this.lastMs) [this.lastMs, this.seq] = [now, 0];
    else this.seq += 1;
    const logged = { type: event.type, data: event.data, id: `${this.lastMs}-${this.seq}` };
    this.entries.push(logged);
    if (this.entries.length > this.capacity) {
      // Trimmed in batches: one splice per tenth of the capacity, not a shift per event.
      const dropped = this.entries.splice(0, Math.ceil(this.capacity / 10));
      this.horizon = dropped.at(-1)!.id;
    }
    return logged;
  }

  head(): string {
    return this.entries.at(-1)?.id ?? this.horizon;
  }

  /** The events after `id` that `wanted` keeps (one channel's), oldest first. */
  after(id: string, wanted: (event: RealtimeEvent) => boolean, limit = maxReplayEvents): Replay {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareEventIds(this.entries[middle]!.id, id) <= 0) low = middle + 1;
      else high = middle;
    }
    const events: LoggedEvent[] = [];
    for (let index = low; index < this.entries.length; index += 1) {
      const event = this.entries[index]!;
      if (!wanted(event)) continue;
      if (events.length === limit) return { events, complete: false };
      events.push(event);
    }
    return { events, complete: compareEventIds(id, this.horizon) >= 0 };
  }
}
