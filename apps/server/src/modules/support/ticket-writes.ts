import { API_MESSAGES, message, PAGE_PATHS, type Locale, type User } from '@marketplace/contracts';
import type { SupportState, SupportTopic } from '@marketplace/contracts/support';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../staff';
import type { SupportDeps } from './support-deps';
import { findTicket, type TicketRow } from './ticket-views';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/** Text cut to `max` code points (as PostgreSQL counts them), with an ellipsis when cut. */
const cut = (text: string, max: number) => {
  const points = Array.from(text);
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
};

/** The first line of the message, as the ticket's title. */
export const subjectOf = (text: string): string => cut(text.split('\n', 1)[0]?.trim() ?? '', 120);

/** The answer's words an e-mail carries (the thread holds the whole). */
const excerpt = (text: string) => cut(text, 1000);

/** A user's own page of a ticket, and a visitor's signed link to theirs. */
export const ticketPagePath = (id: number) => `${PAGE_PATHS.mySupport}/${id}`;
export const visitorPagePath = (token: string) => `${PAGE_PATHS.support}/t/${token}`;

export interface NewTicket {
  topic: SupportTopic;
  message: string;
  orderId: number | null;
  listingId: number | null;
}

/** An order of the user's (either side) or a listing they sell, else 404: anything else is not theirs. */
async function checkReferences(db: Kysely<Database>, user: User | null, ticket: NewTicket): Promise<void> {
  if (ticket.orderId !== null) {
    const order = user
      ? await db
          .selectFrom('orders')
          .select('id')
          .where('id', '=', ticket.orderId)
          .where((eb) => eb.or([eb('buyer_id', '=', user.id), eb('seller_id', '=', user.id)]))
          .executeTakeFirst()
      : undefined;
    if (!order) throw notFound();
  }
  if (ticket.listingId !== null) {
    const listing = user
      ? await db
          .selectFrom('listings')
          .select('id')
          .where('id', '=', ticket.listingId)
          .where('seller_id', '=', user.id)
          .executeTakeFirst()
      : undefined;
    if (!listing) throw notFound();
  }
}

/**
 * A new ticket and its first message, in one unit. A visitor's is tied to `email` and gets the
 * e-mail with its signed link, in their language; a user's is theirs, on their account.
 */
export async function createTicket(
  deps: SupportDeps,
  from: { user: User } | { email: string; name: string },
  locale: Locale,
  ticket: NewTicket,
): Promise<TicketRow> {
  const user = 'user' in from ? from.user : null;
  await checkReferences(deps.db, user, ticket);
  return deps.events.run(async (unit) => {
    const row = await unit.db
      .insertInto('support_tickets')
      .values({
        user_id: user?.id ?? null,
        email: user ? user.email : (from as { email: string }).email,
        name: user ? user.first_name : (from as { name: string }).name,
        locale: user?.locale ?? locale,
        topic: ticket.topic,
        subject: subjectOf(ticket.message),
        order_id: ticket.orderId,
        listing_id: ticket.listingId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await unit.db
      .insertInto('support_messages')
      .values({ ticket_id: row.id, author_id: user?.id ?? null, from_staff: false, body: ticket.message })
      .execute();
    if (!user) {
      await deps.mailTo(unit, {
        recipient: row.email,
        recipientName: row.name,
        locale,
        type: 'support.received',
        data: { ticket_id: row.id },
        path: visitorPagePath(deps.links.sign(row.id, row.email)),
        key: `support-received:${row.id}`,
      });
    }
    unit.afterCommit(() => deps.announce(row.id, null));
    return row;
  });
}

/** Locks the ticket's row for the unit (two replies at once take turns over its state). */
async function lockTicket(unit: UnitOfWork, id: number): Promise<TicketRow> {
  const row = await unit.db
    .selectFrom('support_tickets')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The user (or visitor) writes again: the ticket waits on the team, a resolved one opens again. */
export async function ownerReply(deps: SupportDeps, ticketId: number, authorId: number | null, body: string) {
  await deps.events.run(async (unit) => {
    await lockTicket(unit, ticketId);
    await unit.db
      .insertInto('support_messages')
      .values({ ticket_id: ticketId, author_id: authorId, from_staff: false, body })
      .execute();
    await unit.db
      .updateTable('support_tickets')
      .set((eb) => ({ state: 'waiting_staff', updated_at: eb.fn<Date>('now') }))
      .where('id', '=', ticketId)
      .execute();
    unit.afterCommit(() => deps.announce(ticketId, null));
  });
}

/**
 * A staff member answers (the ticket then waits on the user, who is told by the bell and e-mail in
 * their language, or by e-mail with their link) or writes an internal note (nobody outside staff
 * learns of it: no state change, no notification, no push to the user).
 */
export async function staffReply(
  deps: SupportDeps,
  actor: AuditActor & { id: number },
  ticketId: number,
  body: string,
  internal: boolean,
): Promise<void> {
  await deps.events.run(async (unit) => {
    const ticket = await lockTicket(unit, ticketId);
    const written = await unit.db
      .insertInto('support_messages')
      .values({ ticket_id: ticketId, author_id: actor.id, from_staff: true, internal, body })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(unit.db, actor, {
      action: internal ? 'support.note' : 'support.reply',
      targetType: 'support_ticket',
      targetId: ticketId,
      after: { message_id: written.id },
    });
    if (internal) {
      unit.afterCommit(() => deps.announce(ticketId, null));
      return;
    }
    await unit.db
      .updateTable('support_tickets')
      .set((eb) => ({ state: 'waiting_user', updated_at: eb.fn<Date>('now') }))
      .where('id', '=', ticketId)
      .execute();
    const data = { ticket_id: ticketId, reply: excerpt(body) };
    if (ticket.user_id === null) {
      await deps.mailTo(unit, {
        recipient: ticket.email,
        recipientName: ticket.name,
        locale: ticket.locale === 'ar' ? 'ar' : 'en',
        type: 'support.replied',
        data,
        path: visitorPagePath(deps.links.sign(ticket.id, ticket.email)),
        key: `support-reply:${written.id}`,
      });
    } else if (ticket.user_id !== actor.id) {
      // Nobody is told of their own act: a staff member answering their own ticket.
      await deps.notify(unit, {
        userId: ticket.user_id,
        category: 'account',
        type: 'support.replied',
        data,
        path: ticketPagePath(ticketId),
        key: `support-reply:${written.id}`,
      });
    }
    unit.afterCommit(() => deps.announce(ticketId, ticket.user_id));
  });
}

/** A state set by hand; the state it is in already is a 409. */
export async function setState(
  deps: SupportDeps,
  actor: AuditActor,
  ticketId: number,
  state: SupportState,
): Promise<void> {
  await deps.events.run(async (unit) => {
    const ticket = await lockTicket(unit, ticketId);
    if (ticket.state === state) throw new HttpError(409, message('admin.support.sameState'));
    await unit.db.updateTable('support_tickets').set({ state }).where('id', '=', ticketId).execute();
    await recordAudit(unit.db, actor, {
      action: 'support.state',
      targetType: 'support_ticket',
      targetId: ticketId,
      before: { state: ticket.state },
      after: { state },
    });
    unit.afterCommit(() => deps.announce(ticketId, ticket.user_id));
  });
}

/** Gives the ticket to a staff member who may answer, or to nobody; as it is already is a 409. */
export async function assign(
  deps: SupportDeps,
  actor: AuditActor,
  ticketId: number,
  assigneeId: number | null,
  mayAnswer: (userId: number) => Promise<boolean>,
): Promise<void> {
  if (assigneeId !== null && !(await mayAnswer(assigneeId))) {
    throw new HttpError(409, message('admin.support.notAssignable'));
  }
  await deps.events.run(async (unit) => {
    const ticket = await lockTicket(unit, ticketId);
    if (ticket.assignee_id === assigneeId) throw new HttpError(409, message('admin.support.sameAssignee'));
    await unit.db.updateTable('support_tickets').set({ assignee_id: assigneeId }).where('id', '=', ticketId).execute();
    await recordAudit(unit.db, actor, {
      action: 'support.assign',
      targetType: 'support_ticket',
      targetId: ticketId,
      before: { assignee_id: ticket.assignee_id },
      after: { assignee_id: assigneeId },
    });
    unit.afterCommit(() => deps.announce(ticketId, null));
  });
}

export { findTicket };
