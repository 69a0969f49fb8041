import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUPPORT_ACCESS_TOKEN_PATTERN } from '@marketplace/contracts/support';

const equal = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A key of its own from the app's secret, so a signature made here means nothing anywhere else. */
const keyFor = (appSecret: string, purpose: string) => createHmac('sha256', appSecret).update(purpose).digest();

/**
 * A visitor's link to their ticket: `<ticket id>.<HMAC-SHA256 of the id and its address>`. It opens
 * that ticket and no other, and never expires (an old e-mail's link must keep working); changing a
 * character of it, or putting another ticket's id in it, makes a link that opens nothing.
 */
export class TicketLinks {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = keyFor(appSecret, 'marketplace support ticket links');
  }

  sign(ticketId: number, email: string): string {
    return `${ticketId}.${this.signature(ticketId, email)}`;
  }

  /** The ticket's id the token names, before it is checked against the ticket's address (`matches`). */
  ticketId(token: string): number | null {
    if (!SUPPORT_ACCESS_TOKEN_PATTERN.test(token)) return null;
    const id = Number(token.slice(0, token.indexOf('.')));
    return id <= 2_147_483_647 ? id : null;
  }

  matches(token: string, ticketId: number, email: string): boolean {
    return equal(token, this.sign(ticketId, email));
  }

  private signature(ticketId: number, email: string): string {
    return createHmac('sha256', this.key).update(`${ticketId}|${email.toLowerCase()}`).digest('base64url');
  }
}

const FORM_TOKEN = /^([1-9][0-9]{9,14})\.([A-Za-z0-9_-]{43})$/;

/** How old a form may be when it is sent: a page left open for a day is reloaded. */
const FORM_MAX_AGE_MS = 24 * 3600 * 1000;

export type FormCheck = 'ok' | 'too-fast' | 'expired';

/**
 * The contact form's signed timestamp: issued with the form, sent back with it. A person takes
 * seconds to write a message; a script that posts at once is refused ("that was very quick").
 */
export class FormTokens {
  private readonly key: Buffer;

  constructor(
    appSecret: string,
    private readonly minFillMs: number,
  ) {
    this.key = keyFor(appSecret, 'marketplace support form');
  }

  issue(now = new Date()): string {
    const at = String(now.getTime());
    return `${at}.${this.signature(at)}`;
  }

  check(token: string, now = new Date()): FormCheck {
    const match = FORM_TOKEN.exec(token);
    if (!match) return 'expired';
    const [, at = '', given = ''] = match;
    if (!equal(given, this.signature(at))) return 'expired';
    const age = now.getTime() - Number(at);
    if (age > FORM_MAX_AGE_MS) return 'expired';
    return age < this.minFillMs ? 'too-fast' : 'ok';
  }

  private signature(at: string): string {
    return createHmac('sha256', this.key).update(at).digest('base64url');
  }
}
