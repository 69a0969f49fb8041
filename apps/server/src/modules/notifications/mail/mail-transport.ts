import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';

/** Where e-mails go: an SMTP server, or .eml files in a folder. */
export interface MailTransport {
  /** Sends one e-mail; resolves once the server (or the disk) has taken it, rejects otherwise. */
  send(mail: SendMailOptions, outboxId: number): Promise<{ file?: string }>;
  /** For the start-up banner and the log. */
  readonly description: string;
  close(): void;
}

/**
 * SMTP time-outs, kept well inside the worker's lease (mail-worker.ts): a send still waiting for the
 * server when its lease ran out could be sent a second time by another worker.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  const { hostname, port } = new URL(url);
  return {
    description: `SMTP ${hostname}${port ? `:${port}` : ''}`,
    async send(mail) {
      await transporter.sendMail(mail);
      return {};
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP server configured: each e-mail becomes `<folder>/<outbox id>.eml`, which any mail program
 * opens. Named by the outbox row, so a row sent again overwrites its own file rather than adding one.
 */
export function folderTransport(folder: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `.eml files in ${folder}`,
    async send(mail, outboxId) {
      const { message } = await transporter.sendMail(mail);
      // E-mails carry links that act for their recipient (a password reset, one day): the owner's alone.
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, `${String(outboxId).padStart(6, '0')}.eml`);
      const partial = `${file}.partial`;
      await fs.writeFile(partial, message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      return { file };
    },
    close: () => transporter.close(),
  };
}
