import { isLocale, type AccountType, type Gender, type Locale, type User } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { avatarUrl } from '../media';

export interface NewAccount {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  account_type: AccountType;
  company_name?: string | null | undefined;
  /** The language chosen before registering, if any. */
  locale?: Locale | null | undefined;
  /** An address proved by other means (the demo seed); a registration's waits for its link. */
  verified?: boolean | undefined;
}

/** What a User is made of, for every query that reads one (the session lookup joins them too). */
export const userColumns = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.account_type',
  'users.avatar_key',
  'users.locale',
  'users.email_verified_at',
  'companies.id as company_id',
  'companies.name as company_name',
  'companies.web as company_web',
] as const;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectUsers() {
    return this.db.selectFrom('users').leftJoin('companies', 'companies.user_id', 'users.id').select(userColumns);
  }

  async findById(id: number): Promise<User | undefined> {
    const row = await this.selectUsers().where('users.id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  async findCredentialsByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async emailExists(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Creates the user and, for a company account, its company, in one transaction. */
  async create(account: NewAccount): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({
          first_name: account.first_name,
          last_name: account.last_name,
          email: account.email.toLowerCase(),
          password_hash: account.password_hash,
          account_type: account.account_type,
          locale: account.locale ?? null,
          email_verified_at: account.verified ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (account.account_type === 'company' && account.company_name) {
        await trx.insertInto('companies').values({ user_id: id, name: account.company_name }).execute();
      }
      return id;
    });
  }

  async setLocale(id: number, locale: Locale): Promise<void> {
    await this.db.updateTable('users').set({ locale }).where('id', '=', id).execute();
  }

  /** In `trx` when given: a password reset changes it in the same transaction as the token it spends. */
  async updatePasswordHash(id: number, passwordHash: string, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }
}

/** The profile screen's part of the user's row (the profile module saves it with the rest of the profile). */
export interface IdentityChanges {
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: Gender | null;
  timezone: string;
  /** A newly stored avatar's key; undefined keeps the current one. */
  avatarKey?: string | undefined;
}

/** Writes the profile screen's fields of the user's row, in the profile's transaction. */
export async function saveIdentity(trx: Kysely<Database>, userId: number, changes: IdentityChanges, now: Date) {
  await trx
    .updateTable('users')
    .set({
      first_name: changes.first_name,
      last_name: changes.last_name,
      birthday: changes.birthday,
      gender: changes.gender,
      timezone: changes.timezone,
      ...(changes.avatarKey !== undefined && { avatar_key: changes.avatarKey }),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/** A company account's company, created or changed, in the profile's transaction. */
export async function saveCompany(
  trx: Kysely<Database>,
  userId: number,
  company: { name: string; web: string | null },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('companies')
    .values({ user_id: userId, ...company })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...company, updated_at: now }))
    .execute();
}

/** The owner of a verification link is verified from now on (a deleted account never is). */
export async function markEmailVerified(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * A deleted account's row: kept, marked deleted, so finished orders, reviews and conversations
 * keep naming their other party ("Deleted user"), with every personal field erased. Its address is
 * replaced, unique and never deliverable (RFC 2606), so the real one is free for a new account.
 */
export async function eraseUser(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('companies').where('user_id', '=', userId).execute();
  const erased = await trx
    .updateTable('users')
    .set({
      first_name: '',
      last_name: '',
      email: `deleted-${userId}@deleted.invalid`,
      password_hash: '',
      birthday: null,
      gender: null,
      avatar_key: null,
      locale: null,
      deleted_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .returning((eb) => eb.val(null).as('nothing'))
    .execute();
  if (erased.length !== 1) throw new Error(`user ${userId} vanished during its deletion`);
}

export interface UserRowWithCompany {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  account_type: AccountType;
  avatar_key: string | null;
  locale: string | null;
  email_verified_at: Date | null;
  company_id: number | null;
  company_name: string | null;
  company_web: string | null;
}

export function toUser(row: UserRowWithCompany): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    account_type: row.account_type,
    avatar: avatarUrl(row.avatar_key),
    company:
      row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '', web: row.company_web },
    locale: isLocale(row.locale) ? row.locale : null,
    email_verified: row.email_verified_at !== null,
  };
}
