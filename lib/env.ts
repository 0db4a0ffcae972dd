import { z } from 'zod';

// Loaded by server.ts and scripts under plain Node as well as by Next: no 'server-only' here.

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** A port of its own for /ws, served by the background process itself; a proxy in front routes /ws to it. */
  REALTIME_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(65535).optional()),
  DATABASE_URL: z
    .string()
    .trim()
    .default('file:./.data/app.db')
    .refine((url) => url.startsWith('file:') || /^postgres(ql)?:\/\//.test(url), {
      message: 'DATABASE_URL must be a file: URL (SQLite) or a postgresql:// URL',
    }),
  REDIS_URL: optionalUrl,
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  CRON_SECRET: z.string().trim().optional().transform((value) => value || undefined),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  SCHEDULER_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  // From SIGTERM to exit (server.ts, lib/background/shutdown.ts): in-flight requests get what is left of it.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  // How long a starting process waits for an unreachable database before it gives up.
  DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  // Accounts that count as admins whatever their stored role (lib/auth/admin.ts); compared in lower case.
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean)),
  })
  // The background process would fail to listen on server.ts's own port, again after every restart.
  .refine((env) => env.REALTIME_PORT !== env.PORT, { path: ['REALTIME_PORT'], message: 'REALTIME_PORT must differ from PORT' });

export type Env = z.infer<typeof envSchema>;

/** Reads and checks process.env (cheap enough to do per call); a bad value names the variable. */
export function getEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

export function databaseProvider(url = getEnv().DATABASE_URL): 'sqlite' | 'postgresql' {
  return url.startsWith('file:') ? 'sqlite' : 'postgresql';
}
