import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  account_type: 'individual' | 'company';
  /** 'yyyy-mm-dd' text on both engines (see database.ts). */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  gender: 'M' | 'F' | null;
  timezone: Generated<string>;
  /** The random key of the current avatar file; see modules/media/avatars.ts. */
  avatar_key: string | null;
  /** The language the user chose ('en', 'ar'); null until they choose one. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the address was proved by the e-mailed link (migration 0014); null until then. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the account was deleted (personal fields erased, the row kept for others' orders). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A suspension by moderation (migration 0020): since when, until when (null: for good), why. */
  suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  suspended_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CompaniesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  web: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table does not give away live sessions. */
  id: string;
  user_id: number | null;
  csrf_token: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_activity_at: Date;
  /** When this session last passed the staff second factor (migration 0020). */
  second_factor_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Date;
}

/** One per user, written at the first profile save; empty optional fields are NULL. */
export interface AddressesTable {
  user_id: number;
  flat_number: string;
  building_name: string;
  street_address: string | null;
  area: string;
  postal_code: string | null;
  region: string | null;
  phone_prefix: string;
  phone: string;
  city_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserNeighborhoodsTable {
  user_id: number;
  neighborhood_id: number;
}

/** A single-use link that acts for a user (migration 0013): only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'password_reset' | 'email_verification';
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export type UserRow = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

export type SessionRow = Selectable<SessionsTable>;

/** One user blocking another (migration 0014): neither orders from the other, nor messages them. */
export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}
