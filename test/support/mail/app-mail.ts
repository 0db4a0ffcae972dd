import { closeMailTransport, mailIdle } from '@/lib/mail/sender';
import { startSmtpServer, type LocalSmtpServer } from './smtp-server';

// For integration tests whose mail goes out through the app's own sender (lib/mail/sender.ts).

/** Points the sender at a new local SMTP server; the links in mails start with https://app.example.test. */
export async function sendAppMailToLocalServer(): Promise<LocalSmtpServer> {
  const smtp = await startSmtpServer();
  closeMailTransport();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = 'https://app.example.test';
  return smtp;
}

/** Lets queued mail go out, then closes the sender's transport and the server. */
export async function stopAppMail(smtp: LocalSmtpServer) {
  await mailIdle();
  closeMailTransport();
  await smtp.close();
}
