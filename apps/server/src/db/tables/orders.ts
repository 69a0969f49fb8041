import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from './columns';

/** The address an order is delivered to, as the buyer gave it (a snapshot: the profile may change). */
export interface DeliveryAddressSnapshot {
  city_id: number;
  area: string;
  building_name: string;
  flat_number: string | null;
  street_address: string | null;
  phone: string;
}

export type OrderStatusColumn =
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
  /** When the buyer was reminded to review before the window closes (migration 0028); null until then. */
  review_reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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

/** A user's rating as a running total (migration 0028): reviews received and their stars, both sides counted. */
export interface UserRatingsTable {
  user_id: number;
  reviews: number;
  stars: number;
}
