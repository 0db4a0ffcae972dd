import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { mailConfig, type MailConfig } from './config';

// Where a mail goes: an SMTP server when SMTP_URL is set, otherwise one .eml file per message in
// the outbox folder, so every flow works offline (the demo, e2e tests) — or nowhere when the outbox is
// the database itself (MAIL_OUTBOX=database, the default on Vercel): the rows stay queued.

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** How many messages it sends at once (SMTP: the pool's connections). */
  readonly concurrency: number;
  /** Resolves once the server accepted the message (or the file is written); throws otherwise. */
  send(message: Mail.Options): Promise<void>;
  close(): void;
}

/** Whether mail leaves the queue at all: not when the database is the outbox and no SMTP server is set. */
export function isMailDelivered(config: MailConfig = mailConfig()): boolean {
  return Boolean(config.smtpUrl) || config.outbox === 'files';
}

export function createMailTransport(config: MailConfig = mailConfig()): MailTransport {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, config.smtpMaxConnections);
  return outboxTransport(config.outboxDir);
}

function smtpTransport(url: string, maxConnections: number): MailTransport {
  // Each message costs several round trips (MAIL, RCPT, DATA), so throughput grows with connections
  // until the provider's own limit.
  const transporter = nodemailer.createTransport(url, { pool: true, maxConnections, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as never);
  return {
    kind: 'smtp',
    concurrency: maxConnections,
    async send(message) {
      const info = await transporter.sendMail(message);
      if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.join(', ')}`);
    },
    close: () => transporter.close(),
  };
}

/** File name of a message in the outbox: its Message-ID, so writing the same message again replaces it. */
export function outboxFileName(messageId: string): string {
  return `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]/g, '_')}.eml`;
}

function outboxTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    concurrency: 4,
    async send(message) {
      const info = await transporter.sendMail(message);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(String(message.messageId ?? info.messageId)));
      // Written beside and renamed: a reader never sees half a message.
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, info.message as Buffer);
      fs.renameSync(partial, file);
    },
    close: () => transporter.close(),
  };
}
