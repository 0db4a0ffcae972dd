import path from 'node:path';

// Loaded by server.ts under plain Node as well as by Next: no 'server-only' here.

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://…; undefined = write .eml files to `outboxDir`. */
  smtpUrl: string | undefined;
  /** SMTP connections used at once (SMTP_MAX_CONNECTIONS, default 10). */
  smtpMaxConnections: number;
  from: string;
  /**
   * Without SMTP: `files` writes each mail to `outboxDir`; `database` leaves it queued in OutboundEmail,
   * readable through the admin outbox (a serverless host keeps no files between invocations).
   */
  outbox: 'files' | 'database';
  outboxDir: string;
  /** Absolute origin the links in mails point to (never taken from a request's Host header). */
  publicUrl: string;
}

const defaultFrom = 'Treasury Intelligence <no-reply@localhost>';

export function mailConfig(env: Record<string, string | undefined> = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const port = env.PORT?.trim() || '3000';
  const connections = Number(env.SMTP_MAX_CONNECTIONS?.trim() || 10);
  return {
    smtpUrl,
    smtpMaxConnections: Number.isInteger(connections) && connections >= 1 && connections <= 100 ? connections : 10,
    from: env.MAIL_FROM?.trim() || defaultFrom,
    outbox: outboxMode(env),
    outboxDir: path.resolve(env.MAIL_OUTBOX_DIR?.trim() || '.data/outbox'),
    publicUrl: (env.APP_URL?.trim() || env.NEXTAUTH_URL?.trim() || vercelOrigin(env) || `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}

function outboxMode(env: Record<string, string | undefined>): MailConfig['outbox'] {
  const value = env.MAIL_OUTBOX?.trim();
  if (!value) return env.VERCEL ? 'database' : 'files';
  if (value !== 'files' && value !== 'database') throw new Error('MAIL_OUTBOX must be files or database');
  return value;
}

/**
 * On Vercel, the deployment's own address (set by the platform, without a scheme): each preview's mail
 * links lead back to that preview; production's to the project's production domain.
 */
function vercelOrigin(env: Record<string, string | undefined>): string | undefined {
  const production = env.VERCEL_ENV === 'production' ? env.VERCEL_PROJECT_PRODUCTION_URL?.trim() : undefined;
  const host = production || env.VERCEL_URL?.trim() || env.VERCEL_BRANCH_URL?.trim();
  return host ? `https://${host}` : undefined;
}

/** An absolute link into the product. */
export function appLink(pathAndQuery: string, config = mailConfig()): string {
  return `${config.publicUrl}${pathAndQuery}`;
}
