import { sql, type Kysely } from 'kysely';

/**
 * Blocks (issues 15 and 16): a user who blocked another no longer deals with them — neither can order
 * from the other, and chat will refuse their messages. One row per pair and direction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // However many clicks or tabs: one block per pair and direction.
    .addPrimaryKeyConstraint('user_blocks_pkey', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('user_blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  // "Has anyone blocked whom" is asked from both ends of a pair: the primary key serves one, this the other.
  await db.schema
    .createIndex('user_blocks_by_blocked')
    .on('user_blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_blocks').execute();
}
