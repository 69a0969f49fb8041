import type { AdminSuspension } from '@marketplace/contracts/staff';
import { sql, type RawBuilder } from 'kysely';

/** A person's full name as staff read it ('' for a deleted account, whose name was erased). */
export const fullName = (table: string): RawBuilder<string> =>
  sql<string>`trim(${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)})`;

/** Text as a LIKE pattern that matches it literally: its %, _ and \ escaped (LIKE's escape is \). */
export const literalPattern = (text: string): string => text.replaceAll(/[\\%_]/g, (char) => `\\${char}`);

/** ms since 1970, or null. */
export const msOrNull = (date: Date | null): number | null => (date === null ? null : date.getTime());

/** A suspension in force now (one whose end has passed is none), as the back-office shows it. */
export function suspensionOf(
  row: { suspended_at: Date | null; suspended_until: Date | null; suspension_reason: string | null },
  now = Date.now(),
): AdminSuspension | null {
  if (row.suspended_at === null) return null;
  if (row.suspended_until !== null && row.suspended_until.getTime() <= now) return null;
  return {
    since: row.suspended_at.getTime(),
    until: msOrNull(row.suspended_until),
    reason: row.suspension_reason,
  };
}
