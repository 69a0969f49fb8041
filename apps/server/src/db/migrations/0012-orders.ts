import { sql, type Kysely } from 'kysely';

/**
 * Orders (issue 15, docs/decisions/021-orders-state-machine.md): an order between a buyer and a
 * seller for units of one listing, every transition of it as an event, the reviews each side
 * leaves after completion, and the units accepted orders hold on their listing. The stock checks
 * make an oversell impossible whatever writes the rows: a listing never holds more reserved units
 * than it has, and none it has sold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Units held by accepted orders; sold units leave `quantity`. A listing whose last unit is sold
  // is sold (or was removed), never live with nothing to sell.
  await sql`alter table listings add column reserved integer not null default 0`.execute(db);
  await sql`alter table listings drop constraint listings_quantity_check`.execute(db);
  await sql`alter table listings add constraint listings_quantity_check check (quantity between 0 and 10000)`.execute(
    db,
  );
  await sql`alter table listings add constraint listings_reserved_within_stock
    check (reserved >= 0 and reserved <= quantity)`.execute(db);
  await sql`alter table listings add constraint listings_none_left_is_ended
    check (quantity > 0 or status in ('sold', 'removed'))`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('listing_id', 'integer', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull().check(sql`kind in ('buy', 'offer')`))
    .addColumn('status', 'varchar(20)', (col) =>
      col.notNull().check(
        sql`status in ('requested', 'accepted', 'declined', 'withdrawn', 'expired', 'handed_over', 'received',
            'completed', 'cancelled', 'disputed')`,
      ),
    )
    // Whose answer a request waits for: the seller's, or the buyer's after a counter-offer.
    .addColumn('awaiting', 'varchar(10)', (col) => col.check(sql`awaiting in ('buyer', 'seller')`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity between 1 and 10000`))
    // The price on the table: the listing's for a purchase, the last offer or counter-offer's otherwise.
    .addColumn('unit_price_fils', 'bigint', (col) =>
      col.notNull().check(sql`unit_price_fils between 0 and 10000000000`),
    )
    .addColumn('listed_price_fils', 'bigint', (col) => col.notNull().check(sql`listed_price_fils >= 0`))
    // Offers and counter-offers made so far: the first offer is round 1; there are 3 in all.
    .addColumn('rounds', 'smallint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`rounds between 0 and 3`),
    )
    .addColumn('delivery_method', 'varchar(10)', (col) =>
      col.notNull().check(sql`delivery_method in ('pickup', 'delivery')`),
    )
    .addColumn('delivery_fee_fils', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`delivery_fee_fils between 0 and 10000000`),
    )
    // The address as the buyer gave it for this order: a later profile change does not move it.
    .addColumn('delivery_address', 'jsonb')
    .addColumn('note', 'text', (col) => col.check(sql`char_length(note) <= 1000`))
    .addColumn('reason', 'text', (col) => col.check(sql`char_length(reason) <= 1000`))
    // The buyer's own key for the request that made the order: a retried request finds it.
    .addColumn('client_key', 'varchar(100)')
    // When time moves this order on by itself (expiry, automatic receipt, completion); null when it does not.
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('handed_over_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addCheckConstraint('orders_not_own_listing', sql`buyer_id <> seller_id`)
    .addCheckConstraint('orders_awaiting_only_requested', sql`(status = 'requested') = (awaiting is not null)`)
    .addCheckConstraint('orders_delivery_address', sql`delivery_method = 'pickup' or delivery_address is not null`)
    .addUniqueConstraint('orders_client_key', ['buyer_id', 'client_key'])
    .execute();
  await sql`create index orders_by_buyer on orders (buyer_id, updated_at desc, id desc)`.execute(db);
  await sql`create index orders_by_seller on orders (seller_id, updated_at desc, id desc)`.execute(db);
  await sql`create index orders_by_listing on orders (listing_id) where status in ('requested', 'accepted')`.execute(
    db,
  );
  await sql`create index orders_due on orders (deadline_at) where deadline_at is not null`.execute(db);

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // Null when time did it (the order clock).
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(20)', (col) => col.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // The actor's key for the request: the same key on the same order is the same transition, once.
    .addColumn('client_key', 'varchar(100)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index order_events_order on order_events (order_id, id)`.execute(db);
  await sql`create unique index order_events_once on order_events (order_id, actor_id, client_key)
    where client_key is not null`.execute(db);

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The author's side of the order: a buyer rates the seller, a seller the buyer.
    .addColumn('side', 'varchar(10)', (col) => col.notNull().check(sql`side in ('buyer', 'seller')`))
    .addColumn('rating', 'smallint', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (col) =>
      col
        .notNull()
        .defaultTo('')
        .check(sql`char_length(text) <= 1000`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_once_per_side', ['order_id', 'side'])
    .addCheckConstraint('reviews_not_self', sql`author_id <> subject_id`)
    .execute();
  await sql`create index reviews_by_subject on reviews (subject_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropTable('orders').execute();
  await sql`alter table listings drop constraint listings_none_left_is_ended`.execute(db);
  await sql`alter table listings drop constraint listings_reserved_within_stock`.execute(db);
  await sql`alter table listings drop constraint listings_quantity_check`.execute(db);
  await sql`alter table listings add constraint listings_quantity_check check (quantity between 1 and 10000)`.execute(
    db,
  );
  await sql`alter table listings drop column reserved`.execute(db);
}
