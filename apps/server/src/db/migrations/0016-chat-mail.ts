import type { Kysely } from 'kysely';

/**
 * Chat's e-mails to people who are away (issue 16): per side of a conversation, the newest message
 * an e-mail has covered and when it went, so a conversation e-mails each side at most every 15
 * minutes and never twice about the same messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .addColumn('buyer_mailed_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('seller_mailed_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('buyer_mailed_at', 'timestamptz')
    .addColumn('seller_mailed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .dropColumn('buyer_mailed_id')
    .dropColumn('seller_mailed_id')
    .dropColumn('buyer_mailed_at')
    .dropColumn('seller_mailed_at')
    .execute();
}
