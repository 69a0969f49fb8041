import type { Kysely } from 'kysely';

/**
 * English and Arabic (issue 10): the language a user chose, kept on the account (null until they
 * choose; the page's cookie or Accept-Language decides meanwhile), and the Arabic names of the
 * reference places beside their English ones (docs/decisions/013-english-and-arabic.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'varchar(8)').execute();
  await db.schema.alterTable('cities').addColumn('name_ar', 'varchar(255)').execute();
  await db.schema.alterTable('neighborhoods').addColumn('name_ar', 'varchar(255)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('neighborhoods').dropColumn('name_ar').execute();
  await db.schema.alterTable('cities').dropColumn('name_ar').execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
