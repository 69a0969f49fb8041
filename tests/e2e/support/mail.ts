import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The e-mails the browser tests' server wrote: without SMTP_URL it writes each one as an .eml file
 * in DATA_DIR/mail (decision 019), and playwright.config.ts gives it DATA_DIR under this folder.
 */
const mailDir = () => path.join(os.tmpdir(), `marketplace-e2e-${Number(process.env.E2E_PORT ?? 4173)}`, 'data', 'mail');

async function mailsTo(address: string): Promise<ParsedMail[]> {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const mails = await Promise.all(files.map((name) => simpleParser(fs.readFileSync(path.join(dir, name)))));
  return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
}

/** Waits for the e-mail to `address` whose subject is `subject` (the worker sends within seconds). */
export async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).findLast((mail) => mail.subject === subject);
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail "${subject}" to ${address}` },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The path (and query) of the first link in an e-mail's text to `pathname`, to open on the tests' own host. */
export function linkIn(mail: ParsedMail, pathname: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${pathname.replaceAll('/', '\\/')}[^\\s]*)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no link to ${pathname} in: ${mail.text}`);
  return match[1];
}
