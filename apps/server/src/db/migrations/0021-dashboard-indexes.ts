import { sql, type Kysely } from 'kysely';

const REPORT_TABLES = ['listing_reports', 'conversation_reports', 'user_reports'] as const;

/**
 * The back-office dashboard's counts per UTC day (issue 29, modules/dashboard): each reads a range of
 * days off one of these indexes instead of its whole table. The indexes on listings and orders are
 * partial (only rows that were ever published or completed) and carry what is summed, so the sums
 * are read from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_by_created_at on users (created_at)`.execute(db);
  await sql`create index listings_by_published_at on listings (published_at) where published_at is not null`.execute(
    db,
  );
  await sql`create index orders_by_completed_at on orders (completed_at)
    include (quantity, unit_price_fils, delivery_fee_fils) where completed_at is not null`.execute(db);
  for (const table of REPORT_TABLES) {
    // Reports made per day (the open ones alone have an index of 0020's).
    await sql`create index ${sql.id(`${table}_by_created_at`)} on ${sql.table(table)} (created_at)`.execute(db);
    // Reports acted on per day, with the time each waited.
    await sql`create index ${sql.id(`${table}_by_resolved_at`)} on ${sql.table(table)} (resolved_at)
      include (created_at) where resolved_at is not null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of REPORT_TABLES) {
    await sql`drop index ${sql.id(`${table}_by_resolved_at`)}`.execute(db);
    await sql`drop index ${sql.id(`${table}_by_created_at`)}`.execute(db);
  }
  await sql`drop index orders_by_completed_at`.execute(db);
  await sql`drop index listings_by_published_at`.execute(db);
  await sql`drop index users_by_created_at`.execute(db);
}
