import type { ChildProcess } from 'node:child_process';

// Helpers the benchmark scripts share.

/** The nearest-rank percentile (`p` from 0 to 100) of ascending values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Resolves once the started server answers GET /api/health; throws if it exits or stays silent for `timeoutMs`. */
export async function waitForServer(server: ChildProcess, baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server.ts exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server.ts did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** The environment of a server.ts started for a benchmark: production mode, no scheduler, ingest or Redis. */
export function benchServerEnv(databaseUrl: string, port: number) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production' as const,
    SCHEDULER_ENABLED: 'false',
    INGEST_ENABLED: 'false',
    REDIS_URL: '',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}
