import { sql, type Kysely } from 'kysely';

/**
 * E-mail verification and account deletion (issue 17, decision 026). A user's address is verified
 * when `email_verified_at` is set; accounts that exist when this runs registered before there was
 * any link to follow, so they count as verified from their sign-up. A deleted account keeps its row
 * (finished orders and reviews name it for the other party) with `deleted_at` set and every personal
 * field erased. The tokens table learns its second purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
  await sql`alter table account_tokens drop constraint account_tokens_purpose_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_purpose_check
    check (purpose in ('password_reset', 'email_verification'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_tokens where purpose = 'email_verification'`.execute(db);
  await sql`alter table account_tokens drop constraint account_tokens_purpose_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_purpose_check
    check (purpose in ('password_reset'))`.execute(db);
  await db.schema.alterTable('users').dropColumn('email_verified_at').dropColumn('deleted_at').execute();
}
