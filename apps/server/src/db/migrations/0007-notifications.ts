import { sql, type Kysely } from 'kysely';

const CATEGORIES = sql`('messages', 'orders', 'saved', 'listings', 'account', 'news')`;

/**
 * Notifications and e-mail (issue 12, decision 019): what each user was told, their switches per
 * category and channel (a row only where they changed the default), and the transactional outbox
 * of e-mails a worker sends. Also the app's own signing secret when APP_KEY is not set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'varchar(20)', (col) => col.notNull().check(sql`category in ${CATEGORIES}`))
    .addColumn('type', 'varchar(60)', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('path', 'text', (col) => col.check(sql`left(path, 1) = '/' and char_length(path) <= 500`))
    // A feature's own name for the event ("listing.expiring:12:2026-05-01"): the same event twice is one.
    .addColumn('dedupe_key', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('notifications_once', ['user_id', 'dedupe_key'])
    .execute();
  // Newest first per user (ids grow with time), and the unread ones for the bell's count.
  await sql`create index notifications_by_user on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unread on notifications (user_id, id desc) where read_at is null`.execute(db);

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'varchar(20)', (col) => col.notNull().check(sql`category in ${CATEGORIES}`))
    .addColumn('channel', 'varchar(10)', (col) => col.notNull().check(sql`channel in ('in_app', 'email')`))
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_settings_pkey', ['user_id', 'category', 'channel'])
    // Account e-mails (password, security) cannot be turned off, whatever writes the row.
    .addCheckConstraint(
      'notification_settings_account_email',
      sql`not (category = 'account' and channel = 'email' and not enabled)`,
    )
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // Who asked for this e-mail, once: a second insert with the same key is dropped.
    .addColumn('idempotency_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('recipient_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('locale', 'varchar(5)', (col) => col.notNull())
    .addColumn('template', 'varchar(60)', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('path', 'text')
    .addColumn('category', 'varchar(20)', (col) => col.notNull().check(sql`category in ${CATEGORIES}`))
    // The category a one-click unsubscribe turns off; null for account e-mails, which have none.
    .addColumn('unsubscribe_category', 'varchar(20)', (col) => col.check(sql`unsubscribe_category in ${CATEGORIES}`))
    // Fixed when the row is written, so a second delivery of the same row carries the same Message-ID.
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A worker's claim: until then no other worker takes the row; after it, the row is due again.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // What a worker looks for: rows due, and claims whose lease ran out.
  await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index mail_outbox_leased on mail_outbox (locked_until) where status = 'sending'`.execute(db);

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
