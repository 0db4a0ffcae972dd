// Route handlers run inside the same process as server.ts but in Next's module graph; this flag on
// globalThis tells them whether /ws is being served (it is not under `next start` or on Vercel,
// where the client falls back to polling).

const globalForRealtime = globalThis as typeof globalThis & { __treasuryRealtime?: { clientCount: () => number } };

export function markRealtimeAvailable(clientCount: () => number) {
  globalForRealtime.__treasuryRealtime = { clientCount };
}

export function realtimeStatus(): { available: boolean; clients: number } {
  const realtime = globalForRealtime.__treasuryRealtime;
  return realtime ? { available: true, clients: realtime.clientCount() } : { available: false, clients: 0 };
}
