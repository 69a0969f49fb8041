import type { ChatMessage, Conversation, Locale } from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { blockBetween } from '../blocks';
import { cardColumns, toCard, type CardRow } from '../catalogue';
import { avatarUrl } from '../media';
import { publicName } from '../users';
import { toChatMessage, type MessageRow } from './chat-message';
import type { ConversationRow, Role } from './participants';
import { fromAnotherPerson } from './unread-messages';

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

/** A conversation with its listing's card, both people's names and the newest message. */
export function summaries(db: Kysely<Database>, userId: number, locale: Locale) {
  return db
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
      // The newest order of the conversation's buyer for its listing (read across modules, as a page joins what it shows).
      eb
        .selectFrom('orders')
        .select((inner) => inner.fn.max('orders.id').as('id'))
        .whereRef('orders.buyer_id', '=', 'conversations.buyer_id')
        .whereRef('orders.listing_id', '=', 'conversations.listing_id')
        .as('order_id'),
    ]);
}

export async function toConversation(
  db: Kysely<Database>,
  locale: Locale,
  row: Omit<ConversationRow, 'id' | `${Role}_mailed_id` | `${Role}_mailed_at`> &
    CardRow & {
      conversation_id: number;
      last_message: MessageJson | null;
      other: PersonRow | null;
      unread_count: number;
      order_id: number | null;
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
    block: await blockBetween(db, userId, otherId),
    order_id: row.order_id,
    created_at: row.created_at.toISOString(),
  };
}
