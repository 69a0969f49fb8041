import { sql, type Kysely } from 'kysely';

/**
 * The back-office (issue 29, docs/decisions/030-back-office.md): staff roles on ordinary accounts,
 * their second factor (TOTP and recovery codes), the audit log nobody can edit, what moderation
 * decides about reports, listings and users, reports of users, and the dashboard's daily figures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_members')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (col) => col.notNull().check(sql`role in ('admin', 'moderator', 'support')`))
    .addColumn('granted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('staff_second_factors')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // The TOTP secret, sealed with a key derived from the app's secret (AES-256-GCM): a copy of the
    // table alone does not give codes away.
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    // Null until the first code from the app confirmed the set-up.
    .addColumn('confirmed_at', 'timestamptz')
    // The last 30-second step a code was accepted for: a code is good once (RFC 6238 §5.2).
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the code: the codes themselves are shown once and kept by their owner only.
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addUniqueConstraint('staff_recovery_codes_once', ['user_id', 'code_hash'])
    .execute();

  // When this session last passed the second factor; the back-office wants it within 12 hours.
  await sql`alter table sessions add column second_factor_at timestamptz`.execute(db);

  // Every staff action. No foreign keys: a row outlives the accounts it names, and nothing may
  // rewrite it (the trigger below refuses UPDATE and DELETE; TRUNCATE is for owners of the database).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('actor_role', 'varchar(16)', (col) => col.notNull())
    .addColumn('action', 'varchar(64)', (col) => col.notNull())
    .addColumn('target_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('target_id', 'bigint')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'varchar(32)')
    .addColumn('note', 'text', (col) => col.check(sql`char_length(note) <= 2000`))
    .addColumn('ip_address', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_newest on audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_by_target on audit_log (target_type, target_id, id desc)`.execute(db);
  await sql`create index audit_log_by_actor on audit_log (actor_id, id desc)`.execute(db);
  await sql`create index audit_log_by_action on audit_log (action, id desc)`.execute(db);
  await sql`create function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit log is append-only';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each statement execute function audit_log_is_append_only()`.execute(db);

  // What moderation decided about each report: open while resolved_at is null.
  for (const table of ['listing_reports', 'conversation_reports']) {
    await sql`alter table ${sql.table(table)}
      add column resolved_at timestamptz,
      add column resolved_by integer references users (id) on delete set null,
      add column outcome varchar(16)`.execute(db);
    await sql`create index ${sql.id(`${table}_open`)} on ${sql.table(table)} (created_at) where resolved_at is null`.execute(
      db,
    );
  }

  // Reports of a person (their profile, their behaviour), one per reporter and person.
  await db.schema
    .createTable('user_reports')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'varchar(20)', (col) =>
      col.notNull().check(sql`reason in ('scam', 'harassment', 'impersonation', 'spam', 'offensive', 'other')`),
    )
    .addColumn('details', 'text', (col) => col.check(sql`char_length(details) between 1 and 1000`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('outcome', 'varchar(16)')
    .addUniqueConstraint('user_reports_once', ['user_id', 'reporter_id'])
    .execute();
  await sql`create index user_reports_open on user_reports (created_at) where resolved_at is null`.execute(db);
  await sql`create index user_reports_by_reporter on user_reports (reporter_id)`.execute(db);

  // A listing moderation removed: when, why, and the state to restore it to.
  await sql`alter table listings
    add column moderated_at timestamptz,
    add column moderation_reason varchar(32),
    add column status_before_removal varchar(10),
    add column hidden_at timestamptz`.execute(db);
  // hidden_at: set while the seller is suspended, so their listings leave search and lists.

  // A suspension: since when, until when (null with suspended_at set: for good) and why.
  await sql`alter table users
    add column suspended_at timestamptz,
    add column suspended_until timestamptz,
    add column suspension_reason varchar(32)`.execute(db);

  // The dashboard's figures per finished day (UTC), computed once; today's are counted live.
  await db.schema
    .createTable('daily_figures')
    .addColumn('day', 'date', (col) => col.primaryKey())
    .addColumn('new_users', 'integer', (col) => col.notNull())
    .addColumn('listings_published', 'integer', (col) => col.notNull())
    .addColumn('orders_completed', 'integer', (col) => col.notNull())
    .addColumn('orders_value_fils', 'bigint', (col) => col.notNull())
    .addColumn('reports_opened', 'integer', (col) => col.notNull())
    .addColumn('open_reports', 'integer', (col) => col.notNull())
    // The median time from a report to a moderator's first action on it, that day; null: none acted on.
    .addColumn('median_first_action_seconds', 'integer')
    .addColumn('computed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_figures').execute();
  await sql`alter table users drop column suspended_at, drop column suspended_until, drop column suspension_reason`.execute(
    db,
  );
  await sql`alter table listings drop column moderated_at, drop column moderation_reason,
    drop column status_before_removal, drop column hidden_at`.execute(db);
  await db.schema.dropTable('user_reports').execute();
  for (const table of ['listing_reports', 'conversation_reports']) {
    await sql`alter table ${sql.table(table)} drop column resolved_at, drop column resolved_by, drop column outcome`.execute(
      db,
    );
  }
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_is_append_only()`.execute(db);
  await sql`alter table sessions drop column second_factor_at`.execute(db);
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_second_factors').execute();
  await db.schema.dropTable('staff_members').execute();
}
