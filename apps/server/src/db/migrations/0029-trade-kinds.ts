import { sql, type Kysely } from 'kysely';

/**
 * Listings that trade by their kind (issue 32): each category says how its listings trade (`items`:
 * Buy, offers, delivery; `rent`: a price per year or month, contact and viewings; `sale_contact`:
 * offers and messages, no Buy, no delivery), and a listing for rent says what period its price is for.
 * The seeded categories get their kind by slug here (the seed keeps it from now on), and the listings
 * already for rent a period: the demo catalogue's rents, like the region's, are quoted a year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table categories add column trade_kind varchar(20) not null default 'items'
    constraint categories_trade_kind_check check (trade_kind in ('items', 'rent', 'sale_contact'))`.execute(db);
  await sql`alter table listings add column price_period varchar(10)
    constraint listings_price_period_check check (price_period in ('year', 'month'))`.execute(db);
  // A published rent has a period instead of a condition.
  await sql`alter table listings drop constraint listings_published_complete`.execute(db);
  await sql`alter table listings add constraint listings_published_complete check (status = 'draft' or (
    category_id is not null and title is not null and description is not null
    and (condition is not null or price_period is not null) and price_fils is not null and city_id is not null
    and published_at is not null and expires_at is not null))`.execute(db);
  await sql`update categories set trade_kind = 'rent' where slug = 'property-for-rent'`.execute(db);
  await sql`update categories set trade_kind = 'sale_contact'
    where slug in ('cars', 'motorcycles', 'property-for-sale')`.execute(db);
  await sql`update listings set price_period = 'year', condition = null
    where category_id in (select id from categories where trade_kind = 'rent')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Before this migration every published listing had a condition: a rent's becomes 'good'.
  await sql`update listings set condition = 'good' where condition is null and status <> 'draft'`.execute(db);
  await sql`alter table listings drop constraint listings_published_complete`.execute(db);
  await sql`alter table listings add constraint listings_published_complete check (status = 'draft' or (
    category_id is not null and title is not null and description is not null and condition is not null
    and price_fils is not null and city_id is not null and published_at is not null and expires_at is not null))`.execute(
    db,
  );
  await sql`alter table listings drop column price_period`.execute(db);
  await sql`alter table categories drop column trade_kind`.execute(db);
}
