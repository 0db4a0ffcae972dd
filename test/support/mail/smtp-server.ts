import { SMTPServer } from 'smtp-server';

// A real SMTP server in-process for tests and the mail benchmark: it speaks the protocol nodemailer
// speaks to any provider and keeps what it accepted.

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  acceptedAt: number;
}

export interface LocalSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Answers the next `count` messages with a temporary failure (451), as a struggling provider would. */
  failNext(count: number): void;
  /** Holds every message at DATA until released: a sender killed meanwhile never got an acceptance. */
  stall(): void;
  /** Called when a message reaches DATA (accepted or stalled). */
  onData?: (mail: ReceivedMail) => void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<LocalSmtpServer> {
  let failures = 0;
  let stalled = false;
  const state: LocalSmtpServer = {
    url: '',
    port: 0,
    received: [],
    failNext: (count) => void (failures = count),
    stall: () => void (stalled = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          acceptedAt: Date.now(),
        };
        state.onData?.(mail);
        if (stalled) return; // never answers: the client waits
        if (failures > 0) {
          failures -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        state.received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  state.port = typeof address === 'object' && address ? address.port : 0;
  state.url = `smtp://127.0.0.1:${state.port}`;
  return state;
}
