import {
  API_MESSAGES,
  CHAT_LIMITS,
  encodeMessage,
  message,
  PHOTO_UPLOAD,
  type ChatMessage,
  type Conversation,
  type ConversationFilter,
  type Locale,
  type User,
} from '@marketplace/contracts';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import { blockBetween } from '../blocks/blocks-repository';
import { cardColumns, toCard, type CardRow } from '../catalogue/listing-cards';
import { preparePhoto } from '../catalogue/listing-photo-image';
import { parsePhotoFileName } from '../catalogue/listing-photos-files';
import type { PhotoStore } from '../media/photo-store';
import type { OrderStep } from '../orders/orders-service';
import { avatarUrl } from '../media/avatars';
import { publicName } from '../users/public-name';
import { fromAnotherPerson } from './unread-messages';

type ConversationRow = Selectable<ConversationsTable>;
type MessageRow = Selectable<MessagesTable>;
type Role = 'buyer' | 'seller';

/** What happened, for the plugin to tell after commit (real time). */
export interface ChatEvents {
  /** A message was added: the conversation's channel, and the recipient's unread badge. */
  messageCreated(
    conversation: { id: number; buyer_id: number; seller_id: number },
    message: ChatMessage,
  ): Promise<void>;
  /** `reader` read up to `messageId`: the sender's "read" marks, and the reader's badge in other tabs. */
  conversationRead(conversationId: number, readerId: number, messageId: number): Promise<void>;
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));
const conflict = (key: Parameters<typeof message>[0]) => new HttpError(409, message(key));

/** Listings one may still ask about: those on sale, or reserved by someone who may not buy after all. */
const OPEN_TO_QUESTIONS = ['active', 'reserved'] as const;

const roleOf = (row: { buyer_id: number; seller_id: number }, userId: number): Role | null =>
  row.buyer_id === userId ? 'buyer' : row.seller_id === userId ? 'seller' : null;

/** Where the pages fetch a chat photo's sizes: an access-checked route, never public storage. */
const chatPhotoUrl = (key: string, size: 'card' | 'full') => `${CHAT_PHOTO_PATH_PREFIX}${key}-${size}.webp`;

export function toChatMessage(row: MessageRow): ChatMessage {
  const { photo_key: key, photo_width: width, photo_height: height, photo_placeholder: placeholder } = row;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    kind: row.kind,
    sender_id: row.sender_id,
    body: row.body,
    photo:
      key !== null && width !== null && height !== null && placeholder !== null
        ? { card: chatPhotoUrl(key, 'card'), full: chatPhotoUrl(key, 'full'), width, height, placeholder }
        : null,
    client_id: row.client_id,
    created_at: row.created_at.toISOString(),
  };
}

/** The chat photos' route (routes.ts): `<key>-<card|full>.webp` after it. */
export const CHAT_PHOTO_PATH_PREFIX = '/media/chat/';

const chatPhoto = message('chat.field.photo');
/** Refusals of a chat photo: the listing photos' rules, naming the photo. */
export const CHAT_PHOTO_MESSAGES = {
  notAnImage: encodeMessage(message('rule.image', { field: chatPhoto })),
  unreadable: encodeMessage(message('profile.imageUnreadable')),
  tooManyPixels: encodeMessage(
    message('profile.imageTooManyPixels', { megapixels: PHOTO_UPLOAD.maxPixels / 1_000_000 }),
  ),
} as const;

/**
 * Chat between a listing's buyer and seller (issue 16, decision 024): one conversation per listing
 * and buyer, started by the buyer only; messages in id order, sent idempotently by a client id;
 * each side's read position and archive. Only the two participants see a conversation (404 to
 * anyone else); a block between them stops new messages (409), and never hides the history.
 */
export class ChatService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: ChatEvents,
    private readonly photos: PhotoStore,
  ) {}

  /** The buyer's conversation about a listing, started if it did not exist (`created`). */
  async start(buyer: User, listingId: number): Promise<{ id: number; created: boolean }> {
    const existing = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('listing_id', '=', listingId)
      .where('buyer_id', '=', buyer.id)
      .executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    const listing = await this.db
      .selectFrom('listings')
      .select(['id', 'seller_id', 'status'])
      .where('id', '=', listingId)
      .executeTakeFirst();
    if (!listing || !(OPEN_TO_QUESTIONS as readonly string[]).includes(listing.status)) {
      throw ValidationError.forField('listing_id', encodeMessage(message('chat.listingUnavailable')));
    }
    if (listing.seller_id === buyer.id) throw conflict('chat.ownListing');
    const block = await blockBetween(this.db, buyer.id, listing.seller_id);
    if (block === 'i-blocked') throw conflict('chat.youBlocked');
    if (block === 'blocked-me') throw conflict('chat.blockedYou');
    const inserted = await this.db
      .insertInto('conversations')
      .values({ listing_id: listing.id, buyer_id: buyer.id, seller_id: listing.seller_id })
      .onConflict((oc) => oc.columns(['listing_id', 'buyer_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    // Another tab started it at the same moment: that one is this one.
    const raced = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('listing_id', '=', listingId)
      .where('buyer_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    return { id: raced.id, created: false };
  }

  /**
   * My conversations with at least one message, newest message first; `unread` keeps those with
   * messages I have not read, `archived` the ones I archived (the others leave them out). The
   * cursor is the last one's newest message id.
   */
  async list(
    user: User,
    filter: ConversationFilter | undefined,
    cursor: number | undefined,
    locale: Locale,
    limit: number = CHAT_LIMITS.conversationsPageSize,
  ): Promise<{ data: Conversation[]; next_cursor: string | null }> {
    const side = (role: Role) => {
      let query = this.summaries(user.id, locale)
        .where(`conversations.${role}_id`, '=', user.id)
        .where('conversations.last_message_id', '>', 0)
        .where(`conversations.${role}_archived`, '=', filter === 'archived');
      if (cursor !== undefined) query = query.where('conversations.last_message_id', '<', cursor);
      if (filter === 'unread') {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('messages')
              .select(sql.lit(1).as('one'))
              .whereRef('messages.conversation_id', '=', 'conversations.id')
              .whereRef('messages.id', '>', `conversations.${role}_read_id`)
              .where(fromAnotherPerson(user.id)),
          ),
        );
      }
      return query.orderBy('conversations.last_message_id', 'desc').limit(limit + 1);
    };
    // Each side on its own index, then merged: cheaper than one OR across both.
    const [asBuyer, asSeller] = await Promise.all([side('buyer').execute(), side('seller').execute()]);
    const rows = [...asBuyer, ...asSeller].sort((a, b) => b.last_message_id - a.last_message_id).slice(0, limit + 1);
    const page = rows.slice(0, limit);
    const data = await Promise.all(page.map((row) => this.toConversation(locale, row, user.id)));
    const last = page.at(-1);
    return { data, next_cursor: rows.length > limit && last ? String(last.last_message_id) : null };
  }

  /** One of my conversations; undefined for anyone else's or none (the routes answer 404). */
  async view(user: User, id: number, locale: Locale): Promise<Conversation | undefined> {
    const row = await this.summaries(user.id, locale)
      .where('conversations.id', '=', id)
      .where((eb) => eb.or([eb('conversations.buyer_id', '=', user.id), eb('conversations.seller_id', '=', user.id)]))
      .executeTakeFirst();
    return row && this.toConversation(locale, row, user.id);
  }

  /**
   * A page of a conversation's messages, oldest first: the newest ones, those older than `before`
   * (scrolling up) or newer than `after` (catching up after a reconnect, in order, once each).
   */
  async messages(
    user: User,
    id: number,
    {
      before,
      after,
      limit = CHAT_LIMITS.pageSize,
    }: { before?: number | undefined; after?: number | undefined; limit?: number | undefined },
  ): Promise<{ data: ChatMessage[]; has_older: boolean }> {
    await this.participant(user.id, id);
    let query = this.db.selectFrom('messages').selectAll().where('conversation_id', '=', id);
    if (after !== undefined) {
      const rows = await query.where('id', '>', after).orderBy('id', 'asc').limit(limit).execute();
      const first = rows[0];
      const older = first
        ? await this.db
            .selectFrom('messages')
            .select('id')
            .where('conversation_id', '=', id)
            .where('id', '<', first.id)
            .limit(1)
            .executeTakeFirst()
        : undefined;
      return { data: rows.map(toChatMessage), has_older: Boolean(older) };
    }
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return { data: rows.slice(0, limit).reverse().map(toChatMessage), has_older: rows.length > limit };
  }

  /**
   * Sends a message: the same client id again is the same message (`created` false), however the
   * first answer was lost. The conversation's row is locked, so its messages take their ids and its
   * newest message in one order, and a block made a moment before is seen.
   */
  async send(
    sender: User,
    id: number,
    input: { client_id: string; body: string },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const result = await this.db.transaction().execute(async (trx) => {
      const { conversation, role, repeat } = await this.sendable(trx, sender, id, input.client_id, true);
      if (repeat) return { conversation, row: repeat, created: false };
      const row = await this.insertMessage(trx, conversation.id, role, {
        sender_id: sender.id,
        kind: 'text',
        body: input.body,
        client_id: input.client_id,
      });
      return { conversation, row, created: true };
    });
    return this.sent(result);
  }

  /**
   * Sends a photo: checked and stored like a listing's (same rules: recognised by its bytes,
   * upright, re-encoded without metadata), under chat/ where only the two participants reach it.
   * A retry with the same client id is the same message, and costs no decoding; a stranger's, a
   * blocked or a deleted account's upload is refused before it is decoded.
   */
  async sendPhoto(
    sender: User,
    id: number,
    clientId: string,
    bytes: Buffer,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const first = await this.sendable(this.db, sender, id, clientId, false);
    if (first.repeat) return { message: toChatMessage(first.repeat), created: false };
    const prepared = await preparePhoto(bytes);
    if (!prepared.ok) throw ValidationError.forField('photo', CHAT_PHOTO_MESSAGES[prepared.problem]);
    const result = await this.photos.store('chat', prepared.photo, (key, settled) =>
      this.db.transaction().execute(async (trx) => {
        const { conversation, role, repeat } = await this.sendable(trx, sender, id, clientId, true);
        if (repeat) {
          // The same photo sent twice at once from one page: the first one stored is the message.
          await settled(trx);
          return { conversation, row: repeat, created: false, unused: key };
        }
        const row = await this.insertMessage(trx, conversation.id, role, {
          sender_id: sender.id,
          kind: 'photo',
          body: '',
          client_id: clientId,
          photo_key: key,
          photo_width: prepared.photo.width,
          photo_height: prepared.photo.height,
          photo_placeholder: prepared.photo.placeholder,
        });
        await settled(trx);
        return { conversation, row, created: true, unused: undefined };
      }),
    );
    if (result.unused !== undefined) await this.photos.remove('chat', [result.unused]);
    return this.sent(result);
  }

  /**
   * Whether `sender` may send in conversation `id` now: 404 when it is not theirs, 409 when the
   * other person is gone or a block stands; `repeat` is the message already sent with this client
   * id. `lock` takes the conversation's row for the transaction that adds the message.
   */
  private async sendable(db: Kysely<Database>, sender: User, id: number, clientId: string, lock: boolean) {
    let query = db.selectFrom('conversations').selectAll().where('id', '=', id);
    if (lock) query = query.forUpdate();
    const conversation = await query.executeTakeFirst();
    const role = conversation && roleOf(conversation, sender.id);
    if (!conversation || !role) throw notFound();
    const repeat = await db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', id)
      .where('sender_id', '=', sender.id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (repeat) return { conversation, role, repeat };
    const other = role === 'buyer' ? conversation.seller_id : conversation.buyer_id;
    const gone = await db.selectFrom('users').select('deleted_at').where('id', '=', other).executeTakeFirst();
    if (!gone || gone.deleted_at !== null) throw conflict('chat.otherDeleted');
    const block = await blockBetween(db, sender.id, other);
    if (block === 'i-blocked') throw conflict('chat.youBlocked');
    if (block === 'blocked-me') throw conflict('chat.blockedYou');
    return { conversation, role, repeat: undefined };
  }

  /**
   * Adds a message to a locked conversation: its newest, read by the side that wrote it (`readBy`;
   * null for a system line, which marks nothing read), and back in both lists if either had archived it.
   */
  private async insertMessage(
    trx: Kysely<Database>,
    conversationId: number,
    readBy: Role | null,
    values: Omit<Insertable<MessagesTable>, 'conversation_id'>,
  ): Promise<MessageRow> {
    const row = await trx
      .insertInto('messages')
      .values({ ...values, conversation_id: conversationId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({
        last_message_id: row.id,
        buyer_archived: false,
        seller_archived: false,
        ...(readBy && { [`${readBy}_read_id`]: row.id }),
      })
      .where('id', '=', conversationId)
      .execute();
    return row;
  }

  /** The stored message, told to the other side (after commit) when it is new. */
  private async sent(result: {
    conversation: ConversationRow;
    row: MessageRow;
    created: boolean;
  }): Promise<{ message: ChatMessage; created: boolean }> {
    const chatMessage = toChatMessage(result.row);
    if (result.created) await this.events.messageCreated(result.conversation, chatMessage);
    return { message: chatMessage, created: result.created };
  }

  /**
   * A chat photo's file for a participant of its conversation: undefined for anyone else, and for
   * a file name that names no photo (the route answers 404 to both alike).
   */
  async photoFile(user: User, fileName: string): Promise<Buffer | undefined> {
    const file = parsePhotoFileName(fileName);
    if (!file) return undefined;
    const owner = await this.db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select('messages.id')
      .where('messages.photo_key', '=', file.key)
      .where((eb) => eb.or([eb('conversations.buyer_id', '=', user.id), eb('conversations.seller_id', '=', user.id)]))
      .executeTakeFirst();
    return owner ? this.photos.file('chat', file.key, file.size) : undefined;
  }

  /** I have read up to `messageId` (never backwards, never past the newest). */
  async read(user: User, id: number, messageId: number): Promise<void> {
    const role = await this.participant(user.id, id);
    const column = `${role}_read_id` as const;
    const updated = await this.db
      .updateTable('conversations')
      .set({ [column]: sql<number>`least(${messageId}, last_message_id)` })
      .where('id', '=', id)
      .where(column, '<', sql<number>`least(${messageId}, last_message_id)`)
      .returning(column)
      .executeTakeFirst();
    if (updated) await this.events.conversationRead(id, user.id, updated[column]);
  }

  async archive(user: User, id: number, archived: boolean): Promise<void> {
    const role = await this.participant(user.id, id);
    await this.db
      .updateTable('conversations')
      .set({ [`${role}_archived`]: archived })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps a report with the conversation's messages as they are now; once per person and conversation (409 after). */
  async report(user: User, id: number, reason: string): Promise<void> {
    await this.participant(user.id, id);
    return this.db.transaction().execute(async (trx) => {
      // One report per person and conversation: the lock makes two tabs reporting at once one report.
      await trx.selectFrom('conversations').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      const prior = await trx
        .selectFrom('conversation_reports')
        .select('id')
        .where('conversation_id', '=', id)
        .where('reporter_id', '=', user.id)
        .executeTakeFirst();
      if (prior) throw conflict('chat.alreadyReported');
      const messages = await trx
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', id)
        .orderBy('id', 'desc')
        .limit(REPORTED_MESSAGES)
        .execute();
      await trx
        .insertInto('conversation_reports')
        .values({
          conversation_id: id,
          reporter_id: user.id,
          reason,
          messages: JSON.stringify(messages.reverse().map(toChatMessage)),
        })
        .execute();
    });
  }

  /**
   * An order's step as a system message in the conversation between its buyer and seller about the
   * listing (started if need be), in the order's transaction; the answer tells the two after commit.
   * Nobody wrote it: it moves no one's read position, so the step's side has not read what came before.
   */
  async orderStep(trx: Kysely<Database>, step: OrderStep): Promise<() => Promise<void>> {
    await trx
      .insertInto('conversations')
      .values({ listing_id: step.listingId, buyer_id: step.buyerId, seller_id: step.sellerId })
      .onConflict((oc) => oc.columns(['listing_id', 'buyer_id']).doNothing())
      .execute();
    const conversation = await trx
      .selectFrom('conversations')
      .select(['id', 'buyer_id', 'seller_id'])
      .where('listing_id', '=', step.listingId)
      .where('buyer_id', '=', step.buyerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const body = encodeMessage(
      message('chat.orderStep', { event: message('order.event', { action: step.action, who: step.actor ?? 'clock' }) }),
    );
    const row = await this.insertMessage(trx, conversation.id, null, {
      sender_id: null,
      kind: 'system',
      body,
      client_id: null,
    });
    const chatMessage = toChatMessage(row);
    return () => this.events.messageCreated(conversation, chatMessage);
  }

  /** Unread messages in all of a user's conversations, from the other person (never system lines): the header's badge. */
  async unreadTotal(userId: number): Promise<number> {
    const count = (role: Role) =>
      this.db
        .selectFrom('conversations')
        .innerJoin('messages', 'messages.conversation_id', 'conversations.id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(`conversations.${role}_id`, '=', userId)
        .whereRef('messages.id', '>', `conversations.${role}_read_id`)
        .where(fromAnotherPerson(userId))
        .executeTakeFirstOrThrow();
    const [asBuyer, asSeller] = await Promise.all([count('buyer'), count('seller')]);
    return asBuyer.n + asSeller.n;
  }

  /** The user's side in a conversation, or 404 when they have none (or it does not exist). */
  private async participant(userId: number, id: number): Promise<Role> {
    const row = await this.db
      .selectFrom('conversations')
      .select(['buyer_id', 'seller_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    const role = row && roleOf(row, userId);
    if (!role) throw notFound();
    return role;
  }

  /** A conversation with its listing's card, both people's names and the newest message. */
  private summaries(userId: number, locale: Locale) {
    return this.db
      .selectFrom('conversations')
      .innerJoin('listings', 'listings.id', 'conversations.listing_id')
      .select([
        // `id` is the listing's (the card's columns): the conversation's goes by another name.
        'conversations.id as conversation_id',
        'conversations.listing_id',
        'conversations.buyer_id',
        'conversations.seller_id',
        'conversations.last_message_id',
        'conversations.buyer_read_id',
        'conversations.seller_read_id',
        'conversations.buyer_archived',
        'conversations.seller_archived',
        'conversations.created_at',
      ])
      .select((eb) => [
        ...cardColumns(eb, locale),
        eb
          .selectFrom('messages')
          .select(sql<MessageJson>`to_jsonb(messages.*)`.as('row'))
          .whereRef('messages.id', '=', 'conversations.last_message_id')
          .as('last_message'),
        eb
          .selectFrom('users')
          .leftJoin('companies', 'companies.user_id', 'users.id')
          .select(
            sql<PersonRow>`json_build_object('id', users.id, 'first_name', users.first_name, 'last_name', users.last_name, 'account_type', users.account_type, 'company_name', companies.name, 'avatar_key', users.avatar_key, 'deleted', users.deleted_at is not null)`.as(
              'person',
            ),
          )
          .where(
            sql<boolean>`users.id = (case when conversations.buyer_id = ${userId} then conversations.seller_id else conversations.buyer_id end)`,
          )
          .as('other'),
        sql<number>`(select count(*) from messages m where m.conversation_id = conversations.id and m.id > (case when conversations.buyer_id = ${userId} then conversations.buyer_read_id else conversations.seller_read_id end) and ${fromAnotherPerson(userId, 'm')})::int`.as(
          'unread_count',
        ),
      ]);
  }

  private async toConversation(
    locale: Locale,
    row: Omit<ConversationRow, 'id' | `${Role}_mailed_id` | `${Role}_mailed_at`> &
      CardRow & {
        conversation_id: number;
        last_message: MessageJson | null;
        other: PersonRow | null;
        unread_count: number;
      },
    userId: number,
  ): Promise<Conversation> {
    const role: Role = row.buyer_id === userId ? 'buyer' : 'seller';
    const otherId = role === 'buyer' ? row.seller_id : row.buyer_id;
    const other = row.other;
    return {
      id: row.conversation_id,
      listing: toCard(row),
      role,
      other:
        other && !other.deleted
          ? { id: other.id, name: publicName(other), avatar: avatarUrl(other.avatar_key) }
          : { id: otherId, name: translators[locale].t('account.deletedUser'), avatar: null },
      last_message: row.last_message ? fromJson(row.last_message) : null,
      unread_count: row.unread_count,
      archived: role === 'buyer' ? row.buyer_archived : row.seller_archived,
      other_read_id: role === 'buyer' ? row.seller_read_id : row.buyer_read_id,
      block: await blockBetween(this.db, userId, otherId),
      created_at: row.created_at.toISOString(),
    };
  }
}

/** At most this many of the newest messages go with a report. */
const REPORTED_MESSAGES = 500;

interface PersonRow {
  id: number;
  /** The account was deleted (decision 026): named "Deleted user", nothing else about them shown. */
  deleted: boolean;
  first_name: string;
  last_name: string;
  account_type: 'individual' | 'company';
  company_name: string | null;
  avatar_key: string | null;
}

/** A message row as `to_jsonb` gives it: dates as text. */
type MessageJson = Omit<MessageRow, 'created_at'> & { created_at: string };

const fromJson = (row: MessageJson): ChatMessage => toChatMessage({ ...row, created_at: new Date(row.created_at) });
