import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** An address on (or once on, or waiting to be on) the newsletter's list (migration 0031, decision 037). */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  locale: 'en' | 'ar';
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  /** The account whose address this is, when it is a user's. */
  user_id: number | null;
  /** SHA-256 (hex) of the pending confirmation link's secret; null once used or never sent. */
  confirmation_token_hash: string | null;
  confirmation_expires_at: Date | null;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
