import type { ModerationTargetType } from '@marketplace/contracts/staff';

/**
 * The moderation queue (migration 0023): one row per target with open reports, written only by the
 * report tables' triggers, in the transaction that writes or resolves a report.
 */
export interface ModerationQueueTable {
  target_type: ModerationTargetType;
  target_id: number;
  open_reports: number;
  oldest_open_at: Date;
  newest_open_at: Date;
  /** The distinct reasons of its open reports, most frequent first, ten at most. */
  reasons: string[];
}

/** Open reports in all per target type (the queue's tabs), moved by the same triggers. */
export interface ModerationQueueTotalsTable {
  target_type: ModerationTargetType;
  open_reports: number;
}
