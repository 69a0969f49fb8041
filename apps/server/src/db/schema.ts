import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { NotificationCategory, NotificationChannel, NotificationData, ReportReason } from '@marketplace/contracts';

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
  /** The language the user chose ('en', 'ar'); null until they choose one. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the address was proved by the e-mailed link (migration 0014); null until then. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the account was deleted (personal fields erased, the row kept for others' orders). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  /** The Arabic name; null for a row seeded before it had one. */
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 3166-1 alpha-2: the profile's location_code. */
  country_code: Generated<string>;
  /** The city's centre in degrees (migration 0009): where a listing without a map point is, for search. */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface NeighborhoodsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A category's own field as stored: labels in both languages (the API gives the request's). */
export interface StoredCategoryAttribute {
  key: string;
  label: string;
  label_ar: string;
  type: 'enum' | 'number' | 'text' | 'boolean';
  unit?: string;
  unit_ar?: string;
  required?: boolean;
  filterable?: boolean;
  options?: { value: string; label: string; label_ar: string }[];
  min?: number;
  max?: number;
  decimal?: boolean;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  slug: string;
  name: string;
  name_ar: string;
  icon: string;
  position: Generated<number>;
  attributes: ColumnType<StoredCategoryAttribute[], string, string>;
}

type Json<T> = ColumnType<T, string | undefined, string>;
type ListingStatusColumn = 'draft' | 'active' | 'paused' | 'reserved' | 'sold' | 'expired' | 'removed';

export interface ListingsTable {
  id: Generated<number>;
  seller_id: number;
  category_id: number | null;
  status: ColumnType<ListingStatusColumn, ListingStatusColumn | undefined, ListingStatusColumn>;
  title: string | null;
  description: string | null;
  condition: 'new' | 'like_new' | 'good' | 'fair' | 'for_parts' | null;
  /** bigint, read back as a number (database.ts): fils fit a double exactly up to 2^53. */
  price_fils: number | null;
  negotiable: Generated<boolean>;
  quantity: Generated<number>;
  /** Units held by accepted orders (migration 0012); never more than quantity. */
  reserved: Generated<number>;
  attributes: Json<Record<string, string | number | boolean | null>>;
  city_id: number | null;
  neighborhood_id: number | null;
  latitude: number | null;
  longitude: number | null;
  pickup: Generated<boolean>;
  delivery: Generated<boolean>;
  delivery_fee_fils: number | null;
  published_at: Date | null;
  expires_at: Date | null;
  reminded_at: Date | null;
  ended_at: Date | null;
  views: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ListingPhotosTable {
  id: Generated<number>;
  listing_id: number;
  key: string;
  position: number;
  width: number;
  height: number;
  placeholder: string;
  created_at: CreatedAt;
}

export interface ListingEventsTable {
  id: Generated<number>;
  listing_id: number;
  actor_id: number | null;
  type: string;
  changes: Json<Record<string, { from: unknown; to: unknown }>>;
  created_at: CreatedAt;
}

/** A person's report of a listing, for moderation: one per person and listing. */
export interface ListingReportsTable {
  id: Generated<number>;
  listing_id: number;
  reporter_id: number;
  reason: ReportReason;
  details: string | null;
  created_at: CreatedAt;
}

/** What a user was told; read_at is null until they read it. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  category: NotificationCategory;
  type: string;
  data: Json<NotificationData>;
  path: string | null;
  dedupe_key: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
}

/** A switch the user changed; a category and channel with no row has its default (contracts). */
export interface NotificationSettingsTable {
  user_id: number;
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
  updated_at: UpdatedAt;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** An e-mail to send, written in the transaction of the change that caused it (decision 019). */
export interface MailOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  user_id: number | null;
  recipient: string;
  recipient_name: Generated<string>;
  locale: string;
  template: string;
  data: Json<NotificationData>;
  path: string | null;
  category: NotificationCategory;
  unsubscribe_category: NotificationCategory | null;
  message_id: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  locked_by: string | null;
  sent_at: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
}

/** Secrets the app makes itself when none is configured (the signing key of unsubscribe links). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** A listing a user saved, with its price and state at that moment (what changed since). */
export interface FavouritesTable {
  user_id: number;
  listing_id: number;
  /** bigint, read back as a number (database.ts). */
  saved_price_fils: number | null;
  saved_status: ListingStatusColumn;
  created_at: CreatedAt;
}

export type SavedSearchAlerts = 'instant' | 'daily' | 'off';

/** A user's named search and its alerts; the timers are its columns (migration 0011). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The normalised query string (searchQueryString), without cursor or limit. */
  query: string;
  alerts: SavedSearchAlerts;
  created_at: CreatedAt;
  seen_at: Generated<Date>;
  checked_at: Generated<Date>;
  next_digest_at: Date | null;
}

/** Media files being written: a row left behind names files a crash kept from being recorded. */
export interface MediaUploadsTable {
  key: string;
  created_at: CreatedAt;
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
  categories: CategoriesTable;
  listings: ListingsTable;
  listing_photos: ListingPhotosTable;
  listing_events: ListingEventsTable;
  listing_reports: ListingReportsTable;
  search_words: SearchWordsTable;
  media_uploads: MediaUploadsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  mail_outbox: MailOutboxTable;
  app_secrets: AppSecretsTable;
  favourites: FavouritesTable;
  saved_searches: SavedSearchesTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  reviews: ReviewsTable;
  account_tokens: AccountTokensTable;
  user_blocks: UserBlocksTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_reports: ConversationReportsTable;
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

/** The words of active listings' titles, that misspelt search words are corrected against (migration 0008). */
export interface SearchWordsTable {
  word: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

/** The address an order is delivered to, as the buyer gave it (a snapshot: the profile may change). */
export interface DeliveryAddressSnapshot {
  city_id: number;
  area: string;
  building_name: string;
  flat_number: string | null;
  street_address: string | null;
  phone: string;
}

type OrderStatusColumn =
  | 'requested'
  | 'accepted'
  | 'declined'
  | 'withdrawn'
  | 'expired'
  | 'lapsed'
  | 'handed_over'
  | 'received'
  | 'completed'
  | 'cancelled'
  | 'disputed';

/** An order for units of one listing (migration 0012, modules/orders). */
export interface OrdersTable {
  id: Generated<number>;
  listing_id: number;
  buyer_id: number;
  seller_id: number;
  kind: 'buy' | 'offer';
  status: OrderStatusColumn;
  awaiting: 'buyer' | 'seller' | null;
  quantity: number;
  /** bigint, read back as a number (database.ts). */
  unit_price_fils: number;
  listed_price_fils: number;
  rounds: Generated<number>;
  delivery_method: 'pickup' | 'delivery';
  delivery_fee_fils: Generated<number>;
  delivery_address: ColumnType<DeliveryAddressSnapshot | null, string | null | undefined, string | null>;
  note: string | null;
  reason: string | null;
  client_key: string | null;
  deadline_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  accepted_at: Date | null;
  handed_over_at: Date | null;
  received_at: Date | null;
  completed_at: Date | null;
  ended_at: Date | null;
}

/** One transition of an order: who (null: the clock), from and to which state, with what. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  actor_id: number | null;
  action: string;
  from_status: OrderStatusColumn | null;
  to_status: OrderStatusColumn;
  data: Json<Record<string, string | number | null>>;
  client_key: string | null;
  created_at: CreatedAt;
}

/** A side's rating of the other after a completed order: once per order and side. */
export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  author_id: number;
  subject_id: number;
  side: 'buyer' | 'seller';
  rating: number;
  text: Generated<string>;
  created_at: CreatedAt;
}

/** One user blocking another (migration 0014): neither orders from the other, nor messages them. */
export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

/** One conversation per listing and buyer (migration 0015), with each side's read position and archive. */
export interface ConversationsTable {
  id: Generated<number>;
  listing_id: number;
  buyer_id: number;
  seller_id: number;
  last_message_id: ColumnType<number, number | undefined, number>;
  buyer_read_id: ColumnType<number, number | undefined, number>;
  seller_read_id: ColumnType<number, number | undefined, number>;
  buyer_archived: ColumnType<boolean, boolean | undefined, boolean>;
  seller_archived: ColumnType<boolean, boolean | undefined, boolean>;
  /** The newest message an e-mail to each side covered (migration 0016), and when it went. */
  buyer_mailed_id: ColumnType<number, number | undefined, number>;
  seller_mailed_id: ColumnType<number, number | undefined, number>;
  buyer_mailed_at: Date | null;
  seller_mailed_at: Date | null;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  /** Null for a system message. */
  sender_id: number | null;
  kind: 'text' | 'photo' | 'system';
  /** Empty for a photo. */
  body: string;
  client_id: string | null;
  /** A photo message's files (chat/<key>-<size>.webp), its full size's dimensions and placeholder. */
  photo_key: ColumnType<string | null, string | null | undefined, never>;
  photo_width: ColumnType<number | null, number | null | undefined, never>;
  photo_height: ColumnType<number | null, number | null | undefined, never>;
  photo_placeholder: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

/** A reported conversation, with its messages as they were then (JSON). */
export interface ConversationReportsTable {
  id: Generated<number>;
  conversation_id: number;
  reporter_id: number | null;
  reason: string;
  messages: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
}
