import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

// The demo's outbox: with no SMTP_URL the server writes each mail as an .eml file here (README).
export const outboxDir = path.resolve(process.env.MAIL_OUTBOX_DIR ?? '.data/outbox');

export interface OutboxMail {
  file: string;
  subject: string;
  /** The message with quoted-printable soft breaks and =3D undone: enough to read links from. */
  text: string;
}

function read(file: string): OutboxMail {
  const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return { file, subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', text };
}

/** Waits for the mails to `to` whose subject matches, oldest first. */
export async function mailsTo(to: string, subject: RegExp, count = 1): Promise<OutboxMail[]> {
  let found: OutboxMail[] = [];
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((file) => file.endsWith('.eml')) : [];
        found = files
          .map(read)
          .filter((mail) => mail.text.includes(`To: ${to}`) && subject.test(mail.subject))
          .sort((a, b) => fs.statSync(path.join(outboxDir, a.file)).mtimeMs - fs.statSync(path.join(outboxDir, b.file)).mtimeMs);
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The path and query of the first link in the mail that starts with `pathPrefix`. */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*)`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPrefix} link in ${mail.file}`);
  return match[1]!;
}
