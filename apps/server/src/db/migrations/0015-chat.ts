import { sql, type Kysely } from 'kysely';

/**
 * Chat (issue 16): one conversation per listing and buyer, between the buyer and the seller; its
 * messages; each side's read position and archive flag; reports kept with the messages as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('listing_id', 'integer', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The newest message's id: lists sort by it (ids grow with time), and it is the page cursor.
    .addColumn('last_message_id', 'integer', (col) => col.notNull().defaultTo(0))
    // Each side has read up to this message id (0: nothing yet).
    .addColumn('buyer_read_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('seller_read_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('buyer_archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('seller_archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // However many clicks on "Message seller": one conversation per listing and buyer.
    .addUniqueConstraint('conversations_listing_buyer', ['listing_id', 'buyer_id'])
    .addCheckConstraint('conversations_two_people', sql`buyer_id <> seller_id`)
    .execute();
  // My conversations, newest first, from either side.
  await sql`create index conversations_by_buyer on conversations (buyer_id, last_message_id desc, id desc)`.execute(db);
  await sql`create index conversations_by_seller on conversations (seller_id, last_message_id desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    // Null for a system message (an order's step).
    .addColumn('sender_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull().check(sql`kind in ('text', 'system')`))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // History backwards and catching up forwards, both by id within a conversation.
  await db.schema.createIndex('messages_by_conversation').on('messages').columns(['conversation_id', 'id']).execute();
  // The same client id from the same sender in the same conversation is the same message (a retried send).
  await sql`create unique index messages_client_id on messages (conversation_id, sender_id, client_id) where client_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('conversation_reports')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull())
    // The messages as they were when reported: what moderators read, whatever happens after.
    .addColumn('messages', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('conversation_reports_by_conversation')
    .on('conversation_reports')
    .column('conversation_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_reports').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
