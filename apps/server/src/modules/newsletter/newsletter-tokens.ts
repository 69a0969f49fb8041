import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET = /^[A-Za-z0-9_-]{43}$/;
const UNSUBSCRIBE = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

/** A confirmation link's secret: 32 random bytes. Only its hash is stored, so a copy of the database confirms nobody. */
export const newConfirmationSecret = () => randomBytes(32).toString('base64url');

/** The stored form of a confirmation secret; null for anything that cannot be one. */
export const confirmationHash = (secret: string | undefined): string | null =>
  secret !== undefined && SECRET.test(secret) ? createHash('sha256').update(secret).digest('hex') : null;

/**
 * One-click unsubscribe links: `subscriber.signature`, an HMAC-SHA256 of the subscriber and their
 * address under a key of its own derived from the app's secret. It grants taking that address off
 * the list and nothing else, and does not expire (an old newsletter's link must keep working).
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = createHmac('sha256', appSecret).update('marketplace newsletter unsubscribe').digest();
  }

  sign(subscriberId: number, email: string): string {
    return `${subscriberId}.${this.signature(subscriberId, email)}`;
  }

  /** The subscriber a token names, before its signature is checked against their address (`matches`). */
  subscriberId(token: string | undefined): number | null {
    const match = UNSUBSCRIBE.exec(token ?? '');
    const id = Number(match?.[1]);
    return match && id <= 2_147_483_647 ? id : null;
  }

  matches(token: string, subscriberId: number, email: string): boolean {
    const expected = Buffer.from(this.sign(subscriberId, email));
    const actual = Buffer.from(token);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private signature(subscriberId: number, email: string): string {
    return createHmac('sha256', this.key).update(`${subscriberId}|${email}`).digest('base64url');
  }
}
