// What the SEC ingesters remember between runs of one process: filings already looked at (a cache
// of the IngestedFiling table, which every process shares and a restart keeps), filings being
// looked at right now by another run, failed attempts per filing, and when each company's
// submissions were last read. The database's unique sourceIds keep stored rows from doubling anyway.

export interface SecState {
  seen: Map<string, number>;
  inFlight: Set<string>;
  failures: Map<string, number>;
  submissionsCheckedAt: Map<string, number>;
}

const maxSeen = 20_000;
/** A filing whose documents could not be read is tried again on this many runs, then given up. */
const maxFilingAttempts = 3;

const globalForSec = globalThis as typeof globalThis & { __ingestSecState?: SecState };

export function getSecState(): SecState {
  globalForSec.__ingestSecState ??= { seen: new Map(), inFlight: new Set(), failures: new Map(), submissionsCheckedAt: new Map() };
  return globalForSec.__ingestSecState;
}

/** Forgets everything, as a restart would (tests use it to check idempotency against the database). */
export function resetSecState(): void {
  globalForSec.__ingestSecState = undefined;
}

export function markSeen(state: SecState, accession: string): void {
  state.seen.set(accession, Date.now());
  state.failures.delete(accession);
  if (state.seen.size > maxSeen) {
    // Maps iterate in insertion order: drop the oldest tenth.
    let drop = Math.floor(maxSeen / 10);
    for (const key of state.seen.keys()) {
      if (drop-- <= 0) break;
      state.seen.delete(key);
    }
  }
}

/** Counts a failed attempt; returns true when the filing should not be tried again. */
export function recordFailure(state: SecState, accession: string): boolean {
  const attempts = (state.failures.get(accession) ?? 0) + 1;
  state.failures.set(accession, attempts);
  if (attempts >= maxFilingAttempts) {
    markSeen(state, accession);
    return true;
  }
  return false;
}
