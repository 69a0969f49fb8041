import {
  SUPPORT_QUEUE_PAGE_SIZE,
  supportStates,
  type SupportQueueRow,
  type SupportState,
} from '@marketplace/contracts/support';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { summaryOf } from './ticket-views';

export interface QueueFilters {
  /** A state, or every state but resolved ('open', the default). */
  state: SupportState | 'open';
  assignee: 'me' | 'nobody' | undefined;
  /** The last id of the page before (newest first by id). */
  before: number | undefined;
}

const OPEN_STATES: readonly SupportState[] = ['new', 'waiting_staff', 'waiting_user'];

/** A page of the queue, newest first by id, with the tickets in each state. */
export async function readQueue(db: Kysely<Database>, staffId: number, filters: QueueFilters) {
  let query = db
    .selectFrom('support_tickets')
    .leftJoin('users as requester', 'requester.id', 'support_tickets.user_id')
    .leftJoin('users as assignee', 'assignee.id', 'support_tickets.assignee_id')
    .selectAll('support_tickets')
    .select([
      'requester.first_name as requester_first',
      'requester.last_name as requester_last',
      'assignee.first_name as assignee_first',
      'assignee.last_name as assignee_last',
    ])
    .orderBy('support_tickets.id', 'desc')
    .limit(SUPPORT_QUEUE_PAGE_SIZE + 1);
  query =
    filters.state === 'open'
      ? query.where('support_tickets.state', 'in', [...OPEN_STATES])
      : query.where('support_tickets.state', '=', filters.state);
  if (filters.assignee === 'me') query = query.where('support_tickets.assignee_id', '=', staffId);
  if (filters.assignee === 'nobody') query = query.where('support_tickets.assignee_id', 'is', null);
  if (filters.before !== undefined) query = query.where('support_tickets.id', '<', filters.before);
  const rows = await query.execute();
  const page = rows.slice(0, SUPPORT_QUEUE_PAGE_SIZE);
  const counted = await db
    .selectFrom('support_tickets')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(supportStates.map((state) => [state, 0])) as Record<SupportState, number>;
  for (const row of counted) counts[row.state] = Number(row.count);
  const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
  return {
    data: page.map((row): SupportQueueRow => ({
      ...summaryOf(row),
      requester: row.user_id === null ? row.name || row.email : name(row.requester_first, row.requester_last),
      user_id: row.user_id,
      assignee:
        row.assignee_id === null ? null : { id: row.assignee_id, name: name(row.assignee_first, row.assignee_last) },
      locale: row.locale,
    })),
    next: rows.length > SUPPORT_QUEUE_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    counts,
  };
}
