import path from 'node:path';

// Loaded by server.ts under plain Node as well as by Next: no 'server-only' here.

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://…; undefined = write .eml files to `outboxDir`. */
  smtpUrl: string | undefined;
  /** SMTP connections used at once (SMTP_MAX_CONNECTIONS, default 10). */
  smtpMaxConnections: number;
  from: string;
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
    outboxDir: path.resolve(env.MAIL_OUTBOX_DIR?.trim() || '.data/outbox'),
    publicUrl: (env.APP_URL?.trim() || env.NEXTAUTH_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}

/** An absolute link into the product. */
export function appLink(pathAndQuery: string, config = mailConfig()): string {
  return `${config.publicUrl}${pathAndQuery}`;
}
