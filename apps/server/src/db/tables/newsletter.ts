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

export type NewsletterIssueStatus = 'draft' | 'sending' | 'sent' | 'cancelled';

/** An issue of the newsletter, written by staff in both languages (migration 0034, decision 040). */
export interface NewsletterIssuesTable {
  id: Generated<number>;
  subject: string;
  subject_ar: string;
  /** Markdown, the help centre's subset (decision 031). */
  body: string;
  body_ar: string;
  listing_ids: ColumnType<number[], number[] | undefined, number[]>;
  status: ColumnType<NewsletterIssueStatus, NewsletterIssueStatus | undefined, NewsletterIssueStatus>;
  created_by: number | null;
  /** While sending: when the next paced batch may go (every process reads it). */
  next_batch_at: Date | null;
  /** Counted when the sending ends (the outbox forgets sent mail after a while). */
  sent_count: number | null;
  failed_count: number | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One subscriber's copy of an issue: pending, handed to the outbox (its row), or skipped. */
export interface NewsletterDeliveriesTable {
  issue_id: number;
  subscriber_id: number;
  status: ColumnType<'pending' | 'queued' | 'skipped', 'pending' | undefined, 'queued' | 'skipped'>;
  outbox_id: number | null;
  queued_at: Date | null;
}
