import { sql, type Kysely } from 'kysely';

/**
 * Favourites (issue 14): a user's saved listings, one row per user and listing, with the listing's
 * price and state when it was saved, so the favourites page can say what changed since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_id', 'integer', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('saved_price_fils', 'bigint')
    .addColumn('saved_status', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // However many clicks or tabs: one favourite per user and listing.
    .addPrimaryKeyConstraint('favourites_pkey', ['user_id', 'listing_id'])
    .execute();
  // Newest first per user (the favourites page), and who follows a listing (alerts, the seller's count).
  await sql`create index favourites_by_user on favourites (user_id, created_at desc, listing_id desc)`.execute(db);
  await db.schema.createIndex('favourites_by_listing').on('favourites').column('listing_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favourites').execute();
}
