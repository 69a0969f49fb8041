import {
  API_MESSAGES,
  CHAT_LIMITS,
  encodeMessage,
  message,
  type ChatMessage,
  type Conversation,
  type ConversationFilter,
  type Locale,
  type User,
} from '@marketplace/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import { blockBetween } from '../blocks/blocks-repository';
import { cardColumns, toCard, type CardRow } from '../catalogue/listing-cards';
import type { OrderStep } from '../orders/orders-service';
import { avatarUrl } from '../media/avatars';
import { publicName } from '../users/public-name';

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

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    kind: row.kind,
    sender_id: row.sender_id,
    body: row.body,
    client_id: row.client_id,
    created_at: row.created_at.toISOString(),
  };
}

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
              .where('messages.sender_id', 'is distinct from', user.id),
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
      const conversation = await trx
        .selectFrom('conversations')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      const role = conversation && roleOf(conversation, sender.id);
      if (!conversation || !role) throw notFound();
      const repeat = await trx
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', id)
        .where('sender_id', '=', sender.id)
        .where('client_id', '=', input.client_id)
        .executeTakeFirst();
      if (repeat) return { conversation, row: repeat, created: false };
      const other = role === 'buyer' ? conversation.seller_id : conversation.buyer_id;
      const gone = await trx.selectFrom('users').select('deleted_at').where('id', '=', other).executeTakeFirst();
      if (!gone || gone.deleted_at !== null) throw conflict('chat.otherDeleted');
      const block = await blockBetween(trx, sender.id, other);
      if (block === 'i-blocked') throw conflict('chat.youBlocked');
      if (block === 'blocked-me') throw conflict('chat.blockedYou');
      const row = await trx
        .insertInto('messages')
        .values({
          conversation_id: id,
          sender_id: sender.id,
          kind: 'text',
          body: input.body,
          client_id: input.client_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversations')
        .set({
          last_message_id: row.id,
          // One's own message is read; a new message brings an archived conversation back to both lists.
          [`${role}_read_id`]: row.id,
          buyer_archived: false,
          seller_archived: false,
        })
        .where('id', '=', id)
        .execute();
      return { conversation, row, created: true };
    });
    const chatMessage = toChatMessage(result.row);
    if (result.created) await this.events.messageCreated(result.conversation, chatMessage);
    return { message: chatMessage, created: result.created };
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
   * The side that took the step has read it.
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
    const row = await trx
      .insertInto('messages')
      .values({ conversation_id: conversation.id, sender_id: null, kind: 'system', body, client_id: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({
        last_message_id: row.id,
        buyer_archived: false,
        seller_archived: false,
        ...(step.actor === 'buyer' && { buyer_read_id: row.id }),
        ...(step.actor === 'seller' && { seller_read_id: row.id }),
      })
      .where('id', '=', conversation.id)
      .execute();
    const chatMessage = toChatMessage(row);
    return () => this.events.messageCreated(conversation, chatMessage);
  }

  /** Unread messages in all of a user's conversations: the header's badge. */
  async unreadTotal(userId: number): Promise<number> {
    const count = (role: Role) =>
      this.db
        .selectFrom('conversations')
        .innerJoin('messages', 'messages.conversation_id', 'conversations.id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(`conversations.${role}_id`, '=', userId)
        .whereRef('messages.id', '>', `conversations.${role}_read_id`)
        .where((eb) => eb('messages.sender_id', 'is distinct from', userId))
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
        sql<number>`(select count(*) from messages m where m.conversation_id = conversations.id and m.id > (case when conversations.buyer_id = ${userId} then conversations.buyer_read_id else conversations.seller_read_id end) and m.sender_id is distinct from ${userId})::int`.as(
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
