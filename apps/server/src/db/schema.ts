import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

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
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Date;
}

export interface CitiesTable {
  id: Generated<number>;
  name: string;
  /** ISO 3166-1 alpha-2: the profile's location_code. */
  country_code: Generated<string>;
}

export interface NeighborhoodsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
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

export interface Database {
  users: UsersTable;
  companies: CompaniesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  cities: CitiesTable;
  neighborhoods: NeighborhoodsTable;
  addresses: AddressesTable;
  user_neighborhoods: UserNeighborhoodsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
