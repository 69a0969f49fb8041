import type { ColumnType, Generated } from 'kysely';
import type { NotificationCategory, NotificationChannel, NotificationData } from '@marketplace/contracts';
import type { CreatedAt, Json, UpdatedAt } from './columns';

/** What a user was told; read_at is null until they read it. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  category: NotificationCategory;
  type: string;
  data: Json<NotificationData>;
  path: string | null;
  dedupe_key: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
}

/** A switch the user changed; a category and channel with no row has its default (contracts). */
export interface NotificationSettingsTable {
  user_id: number;
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
  updated_at: UpdatedAt;
}

/** The newest notification the user was shown when they last opened their list: the badge counts the unread ones after it. */
export interface NotificationsSeenTable {
  user_id: number;
  up_to_id: number;
  seen_at: Generated<Date>;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** An e-mail to send, written in the transaction of the change that caused it (decision 019). */
export interface MailOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  user_id: number | null;
  recipient: string;
  recipient_name: Generated<string>;
  locale: string;
  template: string;
  data: Json<NotificationData>;
  path: string | null;
  category: NotificationCategory;
  unsubscribe_category: NotificationCategory | null;
  message_id: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  locked_by: string | null;
  sent_at: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
}

/** Secrets the app makes itself when none is configured (the signing key of unsubscribe links). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
