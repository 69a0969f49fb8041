import { sql, type Kysely } from 'kysely';

/**
 * Single-use links that act for a user (issue 17): password resets now, e-mail verification later.
 * Only the SHA-256 of a token is kept, so a leaked table or backup holds no working link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(30)', (col) => col.notNull().check(sql`purpose in ('password_reset')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('account_tokens_by_user').on('account_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expiry').on('account_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
}
