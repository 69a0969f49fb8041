import type { ColumnType, Generated } from 'kysely';
import type { AttributeNumberFormat, PricePeriod, ReportReason, TradeKind } from '@marketplace/contracts';
import type { CreatedAt, Json, ReportOutcome, UpdatedAt } from './columns';

/** A category's own field as stored: labels in both languages (the API gives the request's). */
export interface StoredCategoryAttribute {
  key: string;
  label: string;
  label_ar: string;
  type: 'enum' | 'number' | 'text' | 'boolean';
  unit?: string;
  unit_ar?: string;
  /** A number that is not a quantity: 'year' reads 2022, not 2,022 (contracts' attributeNumberFormats). */
  number_format?: AttributeNumberFormat;
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
  /** How its listings trade (migration 0029, issue 32): contracts' tradeKinds. */
  trade_kind: ColumnType<TradeKind, TradeKind | undefined, TradeKind>;
  /** When staff last edited it (migration 0022); null: as seeded. The seed leaves an edited one's names, place and labels. */
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type ListingStatusColumn = 'draft' | 'active' | 'paused' | 'reserved' | 'sold' | 'expired' | 'removed';

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
  /** A rent's period (migration 0029): 'year' or 'month'; null for any other kind. */
  price_period: ColumnType<PricePeriod | null, PricePeriod | null | undefined, PricePeriod | null>;
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
  /** Removed by moderation (migration 0020): when, why, and the status a restore gives back. */
  moderated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
  status_before_removal: ColumnType<
    ListingStatusColumn | null,
    ListingStatusColumn | null | undefined,
    ListingStatusColumn | null
  >;
  /** Set while the seller is suspended: out of search and every list, back when the suspension ends. */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  /** What moderation decided (migration 0020): open while null. */
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  outcome: ColumnType<ReportOutcome | null, ReportOutcome | null | undefined, ReportOutcome | null>;
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

/** The words of active listings' titles, that misspelt search words are corrected against (migration 0008). */
export interface SearchWordsTable {
  word: string;
}
