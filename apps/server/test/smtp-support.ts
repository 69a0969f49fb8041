import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  /** Every e-mail the server accepted, parsed, in the order it arrived. */
  received: ParsedMail[];
  /** How many times a client tried to hand over an e-mail, refused ones included. */
  attempts: () => number;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (smtp-server, as a mail provider runs it), without TLS or
 * authentication, that refuses the first `refuse` e-mails with a temporary error (451) and takes
 * `delayMs` to answer each one.
 */
export async function startSmtpServer({ refuse = 0, delayMs = 0 } = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      attempts += 1;
      const refusing = attempts <= refuse;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => setTimeout(answer, delayMs));
      const answer = () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      };
    },
  });
  const port = await listenOnFreePort(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Port 0: the system picks a free port. The same test file runs at once against the embedded
 * server and TEST_DATABASE_URL, and ports tried in turn collided there (EADDRINUSE, CI 2026-11-24).
 */
async function listenOnFreePort(server: SMTPServer): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test SMTP server has no port');
  return address.port;
}
