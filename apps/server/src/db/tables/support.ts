import type { ColumnType, Generated } from 'kysely';
import type { SupportState, SupportTopic } from '@marketplace/contracts/support';
import type { CreatedAt, UpdatedAt } from './columns';

/** A support ticket (migration 0026): a user's, or a visitor's e-mail address's (user_id null). */
export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  name: Generated<string>;
  locale: string;
  topic: SupportTopic;
  state: ColumnType<SupportState, SupportState | undefined, SupportState>;
  subject: string;
  order_id: number | null;
  listing_id: number | null;
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A ticket's thread: the user's words, the team's answers, and staff's internal notes. */
export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number | null;
  from_staff: boolean;
  internal: Generated<boolean>;
  body: string;
  created_at: CreatedAt;
}

/** A photo of a ticket's first message (files under support/ in the media storage). */
export interface SupportPhotosTable {
  id: Generated<number>;
  message_id: number;
  photo_key: string;
  width: number;
  height: number;
  placeholder: string;
}

/** The support desk's saved replies, in both languages. */
export interface SupportCannedAnswersTable {
  id: Generated<number>;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
