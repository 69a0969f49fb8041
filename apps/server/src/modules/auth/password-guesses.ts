import { message, type Message } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';

export interface PasswordGuessLimits {
  /** Guesses per e-mail and client address: what one attacker gets. */
  perAddress: AttemptLimit;
  /** Guesses per e-mail from anywhere: what a crowd of addresses gets, together. */
  perEmail: AttemptLimit;
}

/**
 * Every place a password is checked (login, the current password of a change) counts its guesses
 * here, on the same two counts per account (decision 012): guesses at the login form and at the
 * change form share one allowance, so a stolen session gives no extra guesses.
 */
export class PasswordGuesses {
  private readonly limiter: RateLimiter;

  constructor(
    db: Kysely<Database>,
    private readonly limits: PasswordGuessLimits,
  ) {
    this.limiter = new RateLimiter(db);
  }

  private keys(email: string, ip: string) {
    const address = email.toLowerCase();
    return { addressKey: `login:${address}|${ip}`, emailKey: `login-email:${address}` };
  }

  /**
   * Counts a guess before the password is checked: however many arrive at once, only the allowance
   * reaches the hash. The per-address count goes first, so one address alone cannot spend the
   * e-mail's allowance faster than its own. Beyond either, 429 with the message under `field`.
   */
  async count(
    email: string,
    ip: string,
    refusal: { field: string; key: 'auth.throttled' | 'account.passwordThrottled' },
  ): Promise<void> {
    const { addressKey, emailKey } = this.keys(email, ip);
    const refuse = { field: refusal.field, message: (seconds: number): Message => message(refusal.key, { seconds }) };
    await this.limiter.enforce(addressKey, this.limits.perAddress, refuse);
    await this.limiter.enforce(emailKey, this.limits.perEmail, refuse);
  }

  /** The right password: the owner's own attempt costs nothing; earlier failures still count. */
  async succeeded(email: string, ip: string): Promise<void> {
    const { addressKey, emailKey } = this.keys(email, ip);
    await this.limiter.clear(addressKey);
    await this.limiter.forgive(emailKey);
  }
}
