import { sql, type Kysely } from 'kysely';

/**
 * Reports of listings (issue 11): who reported which listing, why, and what they added, for a
 * moderator to act on. One per person and listing, so one person cannot pile reports up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_reports')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('listing_id', 'integer', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(20)', (col) =>
      col
        .notNull()
        .check(sql`reason in ('scam', 'prohibited', 'counterfeit', 'misleading', 'duplicate', 'offensive', 'other')`),
    )
    .addColumn('details', 'text', (col) => col.check(sql`char_length(details) between 1 and 1000`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('listing_reports_once', ['listing_id', 'reporter_id'])
    .execute();
  // The unique constraint's index serves "reports of this listing"; this one serves a person's own.
  await db.schema.createIndex('listing_reports_reporter').on('listing_reports').column('reporter_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listing_reports').execute();
}
