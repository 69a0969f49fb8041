import { sql, type RawBuilder } from 'kysely';

/**
 * What counts as a message for unread counts, lists and the away e-mail (decision 024): one a
 * person sent, other than the reader. An order's system lines are news about the order, told by its
 * own notifications; nobody sent them, so they are never "unread messages".
 */
export const fromAnotherPerson = (reader: number | RawBuilder<number>, table = 'messages'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${table}.kind`)} <> 'system' and ${sql.ref(`${table}.sender_id`)} is distinct from ${reader})`;
