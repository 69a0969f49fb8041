import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@marketplace/contracts/staff';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { acceptedStep, newTotpSecret } from './totp';

/**
 * The staff second factor (issue 29): a TOTP secret per staff member, sealed in the database with a
 * key derived from the app's secret, and ten single-use recovery codes kept as hashes.
 */
export class SecondFactors {
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    appSecret: string,
  ) {
    this.key = createHmac('sha256', appSecret).update('staff-totp-secret').digest();
  }

  private seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  private open(sealed: string): string {
    const [iv = '', tag = '', body = ''] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether the member has confirmed a second factor. */
  async isConfirmed(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('staff_second_factors')
      .select('confirmed_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.confirmed_at);
  }

  /**
   * A new secret for a member who has none confirmed (a set-up started and abandoned is replaced);
   * undefined once one is confirmed: replacing it takes an admin resetting it.
   */
  async begin(userId: number): Promise<string | undefined> {
    const secret = newTotpSecret();
    const row = await this.db
      .insertInto('staff_second_factors')
      .values({ user_id: userId, secret_sealed: this.seal(secret), confirmed_at: null, last_step: null })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ secret_sealed: this.seal(secret), last_step: null })
          .where('staff_second_factors.confirmed_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row ? secret : undefined;
  }

  /**
   * Checks a code against the member's secret and uses its step up, atomically: two requests with the
   * same code cannot both pass. `confirming` is for the set-up's first code (no secret confirmed yet).
   */
  async useCode(userId: number, code: string, now: number, confirming: boolean): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff_second_factors')
        .select(['secret_sealed', 'confirmed_at', 'last_step'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || (row.confirmed_at === null) !== confirming) return false;
      const step = acceptedStep(this.open(row.secret_sealed), code.replace(/\s/g, ''), now, row.last_step);
      if (step === undefined) return false;
      await trx
        .updateTable('staff_second_factors')
        .set({ last_step: step, ...(confirming && { confirmed_at: new Date(now) }) })
        .where('user_id', '=', userId)
        .execute();
      return true;
    });
  }

  /** Ten new recovery codes (the old ones stop working), shown once: `xxxxx-xxxxx`. */
  async newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('staff_recovery_codes')
        .values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code), used_at: null })))
        .execute();
    });
    return codes;
  }

  /** Uses a recovery code up; false when it is not one of the member's, or was used. */
  async useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (normalised.length !== 10) return false;
    const row = await this.db
      .updateTable('staff_recovery_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashCode(`${normalised.slice(0, 5)}-${normalised.slice(5)}`))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes the member's second factor (an admin resetting a lost phone, or the role taken). */
  reset(trx: Kysely<Database>, userId: number): Promise<void> {
    return resetSecondFactor(trx, userId);
  }
}

/** The member's secret and recovery codes gone: their next visit sets the second factor up again. */
export async function resetSecondFactor(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('staff_second_factors').where('user_id', '=', userId).execute();
}

// No 0/o, 1/l/i: a code read off paper is typed right.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
