import { sql, type Kysely } from 'kysely';

/**
 * Photos in chat (issue 16): a message of kind 'photo' names its stored files by a key (the same
 * sizes as a listing's photos, kept apart under chat/ and served to the two participants only) and
 * keeps the dimensions and blur-up placeholder the page reserves its space with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in ('text', 'photo', 'system'))`.execute(
    db,
  );
  await db.schema
    .alterTable('messages')
    .addColumn('photo_key', 'varchar(22)')
    .addColumn('photo_width', 'integer')
    .addColumn('photo_height', 'integer')
    .addColumn('photo_placeholder', 'text')
    .execute();
  // A photo message has all of its photo, and no other message has any of one.
  await sql`alter table messages add constraint messages_photo check (
    (kind = 'photo') = (photo_key is not null)
    and (photo_key is null) = (photo_width is null)
    and (photo_key is null) = (photo_height is null)
    and (photo_key is null) = (photo_placeholder is null))`.execute(db);
  // The file route finds a conversation's photo by its key.
  await sql`create unique index messages_photo_key on messages (photo_key) where photo_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from messages where kind = 'photo'`.execute(db);
  await sql`alter table messages drop constraint messages_photo`.execute(db);
  await db.schema
    .alterTable('messages')
    .dropColumn('photo_key')
    .dropColumn('photo_width')
    .dropColumn('photo_height')
    .dropColumn('photo_placeholder')
    .execute();
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in ('text', 'system'))`.execute(db);
}
