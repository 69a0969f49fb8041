import {
  SUPPORT_LIMITS,
  type StaffSupportMessage,
  type StaffSupportTicket,
  type SupportMessage,
  type SupportPhoto,
  type SupportTicket,
  type SupportTicketSummary,
} from '@marketplace/contracts/support';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { SupportTicketsTable } from '../../db/tables/support';

export type TicketRow = Selectable<SupportTicketsTable>;

/** A ticket photo's address: an access-checked route; a visitor's page adds its link's token. */
export const SUPPORT_PHOTO_PATH_PREFIX = '/api/support/photos/';
const photoUrl = (key: string, token: string | null) =>
  `${SUPPORT_PHOTO_PATH_PREFIX}${key}-full.webp${token === null ? '' : `?token=${token}`}`;

export const summaryOf = (row: TicketRow): SupportTicketSummary => ({
  id: row.id,
  topic: row.topic,
  state: row.state,
  subject: row.subject,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export function findTicket(db: Kysely<Database>, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The thread with its photos; `withNotes` only for staff. */
async function thread(db: Kysely<Database>, ticketId: number, withNotes: boolean, token: string | null) {
  let query = db
    .selectFrom('support_messages')
    .leftJoin('users', 'users.id', 'support_messages.author_id')
    .select([
      'support_messages.id',
      'support_messages.from_staff',
      'support_messages.internal',
      'support_messages.body',
      'support_messages.created_at',
      'users.first_name',
    ])
    .where('support_messages.ticket_id', '=', ticketId)
    .orderBy('support_messages.id');
  // The user's view never reads a note, so no bug further on can show one.
  if (!withNotes) query = query.where('support_messages.internal', '=', false);
  const rows = await query.execute();
  const photos = rows.length
    ? await db
        .selectFrom('support_photos')
        .selectAll()
        .where(
          'message_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => ({
    message: {
      id: row.id,
      from: row.from_staff ? 'staff' : 'user',
      author: row.from_staff ? (row.first_name ?? '') : null,
      body: row.body,
      created_at: row.created_at.toISOString(),
      photos: photos
        .filter((photo) => photo.message_id === row.id)
        .map((photo): SupportPhoto => ({
          url: photoUrl(photo.photo_key, token),
          width: photo.width,
          height: photo.height,
          placeholder: photo.placeholder,
        })),
    } satisfies SupportMessage,
    internal: row.internal,
  }));
}

/** Photos may be added to the first message by its owner until the team answers, three at most. */
export async function photosLeft(db: Kysely<Database>, ticketId: number): Promise<number> {
  const answered = await db
    .selectFrom('support_messages')
    .select('id')
    .where('ticket_id', '=', ticketId)
    .where('from_staff', '=', true)
    .where('internal', '=', false)
    .executeTakeFirst();
  if (answered) return 0;
  const { photos } = await db
    .selectFrom('support_photos')
    .innerJoin('support_messages', 'support_messages.id', 'support_photos.message_id')
    .select((eb) => eb.fn.countAll<string>().as('photos'))
    .where('support_messages.ticket_id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return Math.max(0, SUPPORT_LIMITS.photosMax - Number(photos));
}

/** The ticket as its user (or visitor, by `token`) sees it: no note, ever. */
export async function ownerView(db: Kysely<Database>, row: TicketRow, token: string | null): Promise<SupportTicket> {
  const messages = await thread(db, row.id, false, token);
  return {
    ...summaryOf(row),
    order_id: row.order_id,
    listing_id: row.listing_id,
    messages: messages.map((entry) => entry.message),
    photos_left: await photosLeft(db, row.id),
  };
}

/** A signed-in user's own ticket, or undefined (another's is a 404 alike). */
export async function ownTicket(db: Kysely<Database>, userId: number, id: number): Promise<TicketRow | undefined> {
  const row = await findTicket(db, id);
  return row && row.user_id === userId ? row : undefined;
}

export async function listForUser(db: Kysely<Database>, userId: number): Promise<SupportTicketSummary[]> {
  const rows = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(SUPPORT_LIMITS.listMax)
    .execute();
  return rows.map(summaryOf);
}

const fullName = (row: { first_name: string | null; last_name: string | null }) =>
  `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();

/** Every account that may answer tickets (support and admin), for the assignment's list. */
export async function answeringStaff(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('staff_members')
    .innerJoin('users', 'users.id', 'staff_members.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name'])
    .where('staff_members.role', 'in', ['support', 'admin'])
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: fullName(row) }));
}

/** The ticket as staff see it: notes included, who wrote it, who has it, and who may have it. */
export async function staffView(db: Kysely<Database>, row: TicketRow): Promise<StaffSupportTicket> {
  const messages = await thread(db, row.id, true, null);
  const people = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where(
      'id',
      'in',
      [row.user_id, row.assignee_id, 0].filter((id): id is number => id !== null),
    )
    .execute();
  const person = (id: number | null) => (id === null ? undefined : people.find((entry) => entry.id === id));
  const user = person(row.user_id);
  const assignee = person(row.assignee_id);
  return {
    ...summaryOf(row),
    order_id: row.order_id,
    listing_id: row.listing_id,
    messages: messages.map((entry): StaffSupportMessage => ({ ...entry.message, internal: entry.internal })),
    photos_left: 0,
    requester: user ? fullName(user) : row.name || row.email,
    email: row.email,
    user_id: row.user_id,
    locale: row.locale,
    assignee: assignee ? { id: assignee.id, name: fullName(assignee) } : null,
    assignable: await answeringStaff(db),
  };
}
