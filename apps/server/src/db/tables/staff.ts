import type { StaffRole } from '@marketplace/contracts/staff';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, ReportOutcome } from './columns';

/** The back-office (migration 0020). A role held on an ordinary account. */
export interface StaffMembersTable {
  user_id: number;
  role: StaffRole;
  granted_by: number | null;
  created_at: CreatedAt;
}

export interface StaffSecondFactorsTable {
  user_id: number;
  /** The TOTP secret sealed with AES-256-GCM (modules/staff/second-factor.ts). */
  secret_sealed: string;
  confirmed_at: Date | null;
  /** bigint, read back as a number: the last 30-second step whose code was accepted. */
  last_step: number | null;
  created_at: CreatedAt;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** Append-only: a trigger refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  actor_role: StaffRole | 'system';
  action: string;
  target_type: string;
  target_id: number | null;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  reason: string | null;
  note: string | null;
  ip_address: string | null;
  created_at: CreatedAt;
}

export type UserReportReason = 'scam' | 'harassment' | 'impersonation' | 'spam' | 'offensive' | 'other';

export interface UserReportsTable {
  id: Generated<number>;
  user_id: number;
  reporter_id: number | null;
  reason: UserReportReason;
  details: string | null;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  outcome: ColumnType<ReportOutcome | null, ReportOutcome | null | undefined, ReportOutcome | null>;
}

/** One finished day's (UTC) dashboard figures. `day` is 'yyyy-mm-dd' text (database.ts). */
export interface DailyFiguresTable {
  day: string;
  new_users: number;
  listings_published: number;
  orders_completed: number;
  /** bigint, read back as a number. */
  orders_value_fils: number;
  reports_opened: number;
  open_reports: number;
  median_first_action_seconds: number | null;
  computed_at: CreatedAt;
}
