import { sql, type Kysely } from 'kysely';

/**
 * The catalogue (issue 11, docs/product/marketplace.md): the category tree with each category's own
 * fields, listings in their states, their photos, and every change to a listing as an event.
 * Money is integer fils. Checks repeat the contracts' limits, so no path around the API stores
 * what the API would refuse.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('restrict'))
    .addColumn('slug', 'varchar(60)', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('name_ar', 'varchar(80)', (col) => col.notNull())
    .addColumn('icon', 'varchar(40)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    /** The category's own fields: key, labels in both languages, type, options, bounds (db/catalogue/category-tree.ts). */
    .addColumn('attributes', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createIndex('categories_parent_position')
    .on('categories')
    .columns(['parent_id', 'position'])
    .execute();

  await db.schema
    .createTable('listings')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('restrict'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'active', 'paused', 'reserved', 'sold', 'expired', 'removed')`),
    )
    .addColumn('title', 'varchar(120)')
    .addColumn('description', 'text', (col) => col.check(sql`char_length(description) <= 5000`))
    .addColumn('condition', 'text', (col) =>
      col.check(sql`condition in ('new', 'like_new', 'good', 'fair', 'for_parts')`),
    )
    .addColumn('price_fils', 'bigint', (col) => col.check(sql`price_fils between 0 and 10000000000`))
    .addColumn('negotiable', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('quantity', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`quantity between 1 and 10000`),
    )
    .addColumn('attributes', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('city_id', 'integer', (col) => col.references('cities.id').onDelete('set null'))
    .addColumn('neighborhood_id', 'integer', (col) => col.references('neighborhoods.id').onDelete('set null'))
    .addColumn('latitude', 'double precision', (col) => col.check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'double precision', (col) => col.check(sql`longitude between -180 and 180`))
    .addColumn('pickup', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('delivery', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('delivery_fee_fils', 'integer', (col) => col.check(sql`delivery_fee_fils between 0 and 10000000`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('listings_location_both_or_none', sql`(latitude is null) = (longitude is null)`)
    .addCheckConstraint(
      'listings_published_complete',
      sql`status = 'draft' or (category_id is not null and title is not null and description is not null
        and condition is not null and price_fils is not null and city_id is not null and published_at is not null
        and expires_at is not null)`,
    )
    .execute();
  // The grids: newest first, by category and by place; the keyset (published_at, id) pages them.
  await sql`create index listings_active_newest on listings (published_at desc, id desc) where status = 'active'`.execute(
    db,
  );
  await sql`create index listings_active_category on listings (category_id, published_at desc, id desc) where status = 'active'`.execute(
    db,
  );
  await sql`create index listings_active_city on listings (city_id, published_at desc, id desc) where status = 'active'`.execute(
    db,
  );
  await sql`create index listings_active_seller on listings (seller_id, published_at desc, id desc) where status = 'active'`.execute(
    db,
  );
  await sql`create index listings_seller_status on listings (seller_id, status, updated_at desc, id desc)`.execute(db);
  await sql`create index listings_expiring on listings (expires_at) where status in ('active', 'paused')`.execute(db);

  await db.schema
    .createTable('listing_photos')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('listing_id', 'integer', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    /** Random, new per upload: the files are photos/<key>-thumb.webp, -card and -full. */
    .addColumn('key', 'varchar(32)', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`key ~ '^[A-Za-z0-9_-]{22}$'`),
    )
    .addColumn('position', 'smallint', (col) => col.notNull().check(sql`position between 0 and 9`))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('placeholder', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table listing_photos add constraint listing_photos_position_unique
    unique (listing_id, position) deferrable initially deferred`.execute(db);

  await db.schema
    .createTable('listing_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('listing_id', 'integer', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('type', 'varchar(32)', (col) => col.notNull())
    .addColumn('changes', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('listing_events_listing').on('listing_events').columns(['listing_id', 'id']).execute();

  // Files written but never recorded (a crash between the two) are found by this table's absence of them.
  await db.schema
    .createTable('media_uploads')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['media_uploads', 'listing_events', 'listing_photos', 'listings', 'categories']) {
    await db.schema.dropTable(table).execute();
  }
}
