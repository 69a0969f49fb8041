import { reportKinds, type AdminUserListRows, type ReportKind } from '@marketplace/contracts/staff';
import { sql, type RawBuilder } from 'kysely';
import { fullName, msOrNull } from './people';
import { count, isId, isMicros, type Db, type Place, type UserList } from './user-list-kit';

// ---- Reports: three tables, one order (time to the microsecond, newest first; then kind; then id, newest first).

/** Each report table as `r`, joined to what names its target. */
const REPORT_TABLES: Readonly<
  Record<ReportKind, { from: RawBuilder<unknown>; targetId: RawBuilder<number>; target: RawBuilder<string> }>
> = {
  listing: {
    from: sql`listing_reports r join listings l on l.id = r.listing_id`,
    targetId: sql`r.listing_id`,
    target: sql`l.title`,
  },
  conversation: {
    from: sql`conversation_reports r join conversations c on c.id = r.conversation_id join listings l on l.id = c.listing_id`,
    targetId: sql`r.conversation_id`,
    target: sql`l.title`,
  },
  user: {
    from: sql`user_reports r join users about on about.id = r.user_id`,
    targetId: sql`r.user_id`,
    target: fullName('about'),
  },
};

/** Which reports of each table a list holds, for the person `userId`. */
type ReportFilters = Partial<Record<ReportKind, (userId: number) => RawBuilder<boolean>>>;

const inConversation = (userId: number) => sql<boolean>`${userId} in (c.buyer_id, c.seller_id)`;

export const REPORT_LISTS = {
  /** Reports of the conversations they take part in, on either side, by whoever made them. */
  conversation_reports: { conversation: inConversation },
  reports_made: {
    listing: (userId) => sql<boolean>`r.reporter_id = ${userId}`,
    conversation: (userId) => sql<boolean>`r.reporter_id = ${userId}`,
    user: (userId) => sql<boolean>`r.reporter_id = ${userId}`,
  },
  /** Of their listings; of their conversations, made by the other side; of them as a person. */
  reports_against: {
    listing: (userId) => sql<boolean>`l.seller_id = ${userId}`,
    conversation: (userId) => sql<boolean>`${inConversation(userId)} and r.reporter_id is distinct from ${userId}`,
    user: (userId) => sql<boolean>`r.user_id = ${userId}`,
  },
} satisfies Record<'conversation_reports' | 'reports_made' | 'reports_against', ReportFilters>;

interface ReportRow {
  id: number;
  target_id: number;
  target: string | null;
  reporter_id: number | null;
  reporter_name: string | null;
  reason: string;
  created_at: Date;
  resolved_at: Date | null;
  outcome: string | null;
  micros: string;
}

const rank = (kind: ReportKind) => reportKinds.indexOf(kind);

/**
 * The rows of `kind` after the place `[micros, kind, id]` in the reports' order: older, or as old
 * and of a later kind, or as old, of this kind and an older id.
 */
function afterPlace(kind: ReportKind, place: Place | undefined): RawBuilder<boolean> {
  if (!place) return sql<boolean>`true`;
  const [micros, placeKind, id] = place as [string, ReportKind, number];
  const at = sql`timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond'`;
  if (rank(kind) > rank(placeKind)) return sql<boolean>`r.created_at <= ${at}`;
  if (rank(kind) < rank(placeKind)) return sql<boolean>`r.created_at < ${at}`;
  return sql<boolean>`(r.created_at, r.id) < (${at}, ${id}::int)`;
}

/** One query serves every list of reports: each table's rows the list holds, after a place, newest first. */
async function reportRows(
  db: Db,
  kind: ReportKind,
  where: RawBuilder<boolean>,
  place: Place | undefined,
  limit: number,
) {
  const table = REPORT_TABLES[kind];
  const { rows } = await sql<ReportRow>`select r.id, ${table.targetId} as target_id, ${table.target} as target,
      r.reporter_id, ${fullName('reporter')} as reporter_name, r.reason, r.created_at, r.resolved_at, r.outcome,
      (extract(epoch from r.created_at) * 1000000)::bigint::text as micros
    from ${table.from} left join users reporter on reporter.id = r.reporter_id
    where ${where} and ${afterPlace(kind, place)}
    order by r.created_at desc, r.id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({
    place: [row.micros, kind, row.id] as Place,
    at: BigInt(row.micros),
    row: {
      kind,
      id: row.id,
      target_id: row.target_id,
      target: row.target ?? '',
      reporter: row.reporter_id === null ? null : { id: row.reporter_id, name: row.reporter_name ?? '' },
      reason: row.reason,
      created_at: row.created_at.getTime(),
      resolved_at: msOrNull(row.resolved_at),
      outcome: row.outcome,
    },
  }));
}

export function reports(filters: ReportFilters): UserList<AdminUserListRows['reports_made']> {
  const kinds = reportKinds.filter((kind) => filters[kind]);
  const where = (kind: ReportKind, userId: number) => filters[kind]?.(userId) ?? sql<boolean>`false`;
  return {
    async rows({ db }, userId, place, limit) {
      const lists = await Promise.all(kinds.map((kind) => reportRows(db, kind, where(kind, userId), place, limit)));
      return lists
        .flat()
        .sort(
          (a, b) =>
            (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) || rank(a.row.kind) - rank(b.row.kind) || b.row.id - a.row.id,
        )
        .slice(0, limit)
        .map(({ row, place: rowPlace }) => ({ row, place: rowPlace }));
    },
    async total({ db }, userId) {
      const counts = await Promise.all(
        kinds.map(async (kind) => {
          const { rows } = await sql<{ count: number }>`select ${count} as count
            from ${REPORT_TABLES[kind].from} where ${where(kind, userId)}`.execute(db);
          return rows[0]?.count ?? 0;
        }),
      );
      return counts.reduce((sum, each) => sum + each, 0);
    },
    readPlace: (parts) =>
      parts.length === 3 &&
      isMicros(parts[0]) &&
      typeof parts[1] === 'string' &&
      (reportKinds as readonly string[]).includes(parts[1]) &&
      filters[parts[1] as ReportKind] &&
      isId(parts[2])
        ? parts
        : undefined,
  };
}
