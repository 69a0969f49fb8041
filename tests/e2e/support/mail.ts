import fs from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_MAIL_DIR } from './e2e-folders';

/** The file the server writes an outbox row's e-mail to (mail-transport.ts), as a newcomer would open it. */
const mailFile = (outboxId: number) => path.join(E2E_MAIL_DIR, `${String(outboxId).padStart(6, '0')}.eml`);

/** The e-mail of that outbox row, once the server's mail worker has written it. */
export async function waitForMail(outboxId: number): Promise<ParsedMail> {
  let raw: Buffer | undefined;
  await expect
    .poll(
      async () => {
        raw = await fs.readFile(mailFile(outboxId)).catch(() => undefined);
        return raw !== undefined;
      },
      { message: `e-mail ${outboxId} written to ${E2E_MAIL_DIR}`, timeout: 15_000 },
    )
    .toBe(true);
  return simpleParser(raw ?? Buffer.alloc(0));
}

/** The address of the e-mail's link whose text is `name`, from its HTML part. */
export function linkInMail(mail: ParsedMail, name: string): URL {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`<a [^>]*href="([^"]+)"[^>]*>\\s*${escaped}\\s*</a>`).exec(html);
  if (!found?.[1]) throw new Error(`no link "${name}" in the e-mail "${mail.subject ?? ''}"`);
  return new URL(found[1].replace(/&amp;/g, '&'));
}

/**
 * Each e-mail file parsed once per worker: the server writes a file whole (a rename), never again,
 * and the folder holds every e-mail of the run, so parsing all of them on every poll grew with the suite.
 */
const parsed = new Map<string, Promise<ParsedMail>>();
const parse = (name: string) => {
  let mail = parsed.get(name);
  if (!mail) {
    mail = simpleParser(readFileSync(path.join(E2E_MAIL_DIR, name)));
    parsed.set(name, mail);
  }
  return mail;
};

/** Every e-mail written to `address`, oldest first. */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  if (!existsSync(E2E_MAIL_DIR)) return [];
  const files = readdirSync(E2E_MAIL_DIR)
    .filter((name) => name.endsWith('.eml'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const mails = await Promise.all(files.map(parse));
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

/**
 * The path (and query) of the newest e-mailed link to `pathname` that `address` received, waiting for
 * it: whatever the e-mail's language (its subject is not needed). `atLeast` such e-mails first,
 * when a test asked for a new one.
 */
export async function newestLinkTo(address: string, pathname: string, { atLeast = 1 } = {}): Promise<string> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((mail) => (mail.text ?? '').includes(pathname));
        return found.length;
      },
      { timeout: 20_000, message: `${atLeast} e-mail(s) with a link to ${pathname} for ${address}` },
    )
    .toBeGreaterThanOrEqual(atLeast);
  const newest = found.at(-1);
  if (!newest) throw new Error(`no e-mail with a link to ${pathname} for ${address}`);
  return linkIn(newest, pathname);
}
