import type { ModerationQueue, ModerationTargetType, QueueItem } from '@marketplace/contracts/staff';
import { MODERATION_LIMITS, moderationTargetTypes } from '@marketplace/contracts/staff';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { decodeQueueCursor, encodeQueueCursor } from './queue-cursor';

const person = (row: { id: number; first_name: string; last_name: string }) => ({
  id: row.id,
  name: `${row.first_name} ${row.last_name}`.trim(),
});

/**
 * A page of the queue (GET /api/admin/moderation): targets with open reports, the most reported
 * first, then the one waiting longest, read off moderation_queue's index in that order with the
 * counts and reasons the report tables' triggers keep there (migration 0023); then the titles and
 * owners of the page's rows alone.
 */
export async function readQueue(
  db: Kysely<Database>,
  { type, cursor: cursorText }: { type?: ModerationTargetType | undefined; cursor?: string | undefined },
): Promise<ModerationQueue> {
  const cursor = cursorText === undefined ? undefined : decodeQueueCursor(cursorText);
  const limit = MODERATION_LIMITS.pageSize;
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('moderation_queue as q')
      .select([
        'q.target_type',
        'q.target_id',
        'q.open_reports',
        'q.oldest_open_at',
        'q.newest_open_at',
        'q.reasons',
        sql<string>`(extract(epoch from q.oldest_open_at) * 1000000)::bigint::text`.as('oldest_micros'),
      ])
      .$if(type !== undefined, (query) => query.where('q.target_type', '=', type ?? 'listing'))
      .$if(cursor !== undefined, (query) => {
        const at = cursor ?? { openReports: 0, oldestMicros: '0', type: 'listing', id: 0 };
        const oldest = sql`timestamptz 'epoch' + ${at.oldestMicros}::bigint * interval '1 microsecond'`;
        return query.where(
          sql<boolean>`(q.open_reports < ${at.openReports} or (q.open_reports = ${at.openReports}
            and (q.oldest_open_at, q.target_type, q.target_id) > (${oldest}, ${at.type}::varchar, ${at.id}::int)))`,
        );
      })
      .orderBy('q.open_reports', 'desc')
      .orderBy('q.oldest_open_at')
      .orderBy('q.target_type')
      .orderBy('q.target_id')
      .limit(limit + 1)
      .execute(),
    db.selectFrom('moderation_queue_totals').select(['target_type', 'open_reports as open']).execute(),
  ]);
  const page = rows.slice(0, limit);
  const described = await describe(
    db,
    page.map((row) => ({ type: row.target_type, id: row.target_id })),
  );
  const last = page.at(-1);
  return {
    data: page.map((row) => {
      const about = described.get(`${row.target_type}:${row.target_id}`);
      return {
        type: row.target_type,
        id: row.target_id,
        title: about?.title ?? '',
        owner: about?.owner ?? null,
        open_reports: row.open_reports,
        oldest_report_at: row.oldest_open_at.getTime(),
        newest_report_at: row.newest_open_at.getTime(),
        reasons: row.reasons,
      };
    }),
    next_cursor:
      rows.length > limit && last
        ? encodeQueueCursor({
            openReports: last.open_reports,
            oldestMicros: last.oldest_micros,
            type: last.target_type,
            id: last.target_id,
          })
        : null,
    counts: Object.fromEntries(
      moderationTargetTypes.map((each) => [each, counts.find((row) => row.target_type === each)?.open ?? 0]),
    ) as ModerationQueue['counts'],
  };
}

type Description = Pick<QueueItem, 'title' | 'owner'>;

/** The titles and owners of a page's targets. */
async function describe(
  db: Kysely<Database>,
  targets: readonly { type: ModerationTargetType; id: number }[],
): Promise<Map<string, Description>> {
  const ids = (type: ModerationTargetType) => targets.filter((each) => each.type === type).map((each) => each.id);
  const [listingIds, conversationIds, userIds] = [ids('listing'), ids('conversation'), ids('user')];
  const found = new Map<string, Description>();
  const owners = new Map<number, { id: number; name: string }>();
  const ownerOf = new Map<string, number>();

  const [listings, conversations] = await Promise.all([
    listingIds.length === 0
      ? []
      : db.selectFrom('listings').select(['id', 'title', 'seller_id']).where('id', 'in', listingIds).execute(),
    conversationIds.length === 0
      ? []
      : db
          .selectFrom('conversations')
          .innerJoin('listings', 'listings.id', 'conversations.listing_id')
          .select((eb) => [
            'conversations.id',
            'listings.title',
            'conversations.buyer_id',
            'conversations.seller_id',
            // The reported side of its oldest open report (target-state.ts reportedSide()).
            eb
              .selectFrom('conversation_reports')
              .select('reporter_id')
              .whereRef('conversation_reports.conversation_id', '=', 'conversations.id')
              .where('conversation_reports.resolved_at', 'is', null)
              .where((inner) =>
                inner.or([
                  inner('conversation_reports.reporter_id', '=', inner.ref('conversations.buyer_id')),
                  inner('conversation_reports.reporter_id', '=', inner.ref('conversations.seller_id')),
                ]),
              )
              .orderBy('conversation_reports.created_at')
              .orderBy('conversation_reports.id')
              .limit(1)
              .as('reporter_id'),
          ])
          .where('conversations.id', 'in', conversationIds)
          .execute(),
  ]);
  for (const row of listings) ownerOf.set(`listing:${row.id}`, row.seller_id);
  for (const row of conversations) {
    if (row.reporter_id !== null) {
      ownerOf.set(`conversation:${row.id}`, row.reporter_id === row.buyer_id ? row.seller_id : row.buyer_id);
    }
  }
  for (const id of userIds) ownerOf.set(`user:${id}`, id);
  const ownerIds = [...new Set(ownerOf.values())];
  if (ownerIds.length > 0) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', ownerIds)
      .execute();
    for (const row of rows) owners.set(row.id, person(row));
  }
  const describeOne = (key: string, title: string) => {
    const ownerId = ownerOf.get(key);
    found.set(key, { title, owner: ownerId === undefined ? null : (owners.get(ownerId) ?? null) });
  };
  for (const row of listings) describeOne(`listing:${row.id}`, row.title ?? '');
  for (const row of conversations) describeOne(`conversation:${row.id}`, row.title ?? '');
  for (const id of userIds) describeOne(`user:${id}`, owners.get(id)?.name ?? '');
  return found;
}
