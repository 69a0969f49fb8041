import type { ColumnType } from 'kysely';

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type Json<T> = ColumnType<T, string | undefined, string>;

/** What moderation decided about a report (migration 0020). */
export type ReportOutcome = 'dismissed' | 'removed' | 'warned' | 'suspended';
