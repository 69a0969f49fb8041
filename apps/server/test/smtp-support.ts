import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The ports this machine's tests may use for servers of their own (others belong to other work). */
const PORTS = { first: 4420, last: 4499 };

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

async function listenOnFreePort(server: SMTPServer): Promise<number> {
  // Test files run side by side: start somewhere different each time, then take the next free port.
  const span = PORTS.last - PORTS.first + 1;
  const start = Math.floor(Math.random() * span);
  for (let offset = 0; offset < span; offset += 1) {
    const port = PORTS.first + ((start + offset) % span);
    const listening = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (listening) return port;
  }
  throw new Error(`no free port from ${PORTS.first} to ${PORTS.last} for the test SMTP server`);
}
