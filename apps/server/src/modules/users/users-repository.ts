import { isLocale, type AccountType, type Locale, type User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { avatarUrl } from '../media/avatars';

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

  async updatePasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }
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
