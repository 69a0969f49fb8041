import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, ReportOutcome } from './columns';

/** One conversation per listing and buyer (migration 0015), with each side's read position and archive. */
export interface ConversationsTable {
  id: Generated<number>;
  listing_id: number;
  buyer_id: number;
  seller_id: number;
  last_message_id: ColumnType<number, number | undefined, number>;
  buyer_read_id: ColumnType<number, number | undefined, number>;
  seller_read_id: ColumnType<number, number | undefined, number>;
  buyer_archived: ColumnType<boolean, boolean | undefined, boolean>;
  seller_archived: ColumnType<boolean, boolean | undefined, boolean>;
  /** The newest message an e-mail to each side covered (migration 0016), and when it went. */
  buyer_mailed_id: ColumnType<number, number | undefined, number>;
  seller_mailed_id: ColumnType<number, number | undefined, number>;
  buyer_mailed_at: Date | null;
  seller_mailed_at: Date | null;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  /** Null for a system message. */
  sender_id: number | null;
  kind: 'text' | 'photo' | 'system';
  /** Empty for a photo. */
  body: string;
  client_id: string | null;
  /** A photo message's files (chat/<key>-<size>.webp), its full size's dimensions and placeholder. */
  photo_key: ColumnType<string | null, string | null | undefined, never>;
  photo_width: ColumnType<number | null, number | null | undefined, never>;
  photo_height: ColumnType<number | null, number | null | undefined, never>;
  photo_placeholder: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

/** A reported conversation, with its messages as they were then (JSON). */
export interface ConversationReportsTable {
  id: Generated<number>;
  conversation_id: number;
  reporter_id: number | null;
  reason: string;
  messages: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
  /** What moderation decided (migration 0020): open while null. */
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  outcome: ColumnType<ReportOutcome | null, ReportOutcome | null | undefined, ReportOutcome | null>;
}
