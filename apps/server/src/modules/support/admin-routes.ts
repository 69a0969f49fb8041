import { API_MESSAGES, encodePageCursor, message } from '@marketplace/contracts';
import { staffMay } from '@marketplace/contracts/staff';
import { ADMIN_SUPPORT_ROUTES } from '@marketplace/contracts/support';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { auditActor, StaffRepository } from '../staff';
import { createCanned, deleteCanned, listCanned, updateCanned } from './canned-answers';
import { readQueue } from './read-queue';
import { findTicket, staffView } from './ticket-views';
import { assign, setState, staffReply } from './ticket-writes';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * The support desk in the back-office (issue 30): the queue, a ticket with its notes, replies,
 * notes, state and assignment, canned answers. Behind the staff guard: 404 to anyone without a role;
 * every change has its audit row in its own transaction.
 */
export function adminSupportRoutes(app: FastifyInstance): Promise<void> {
  const { may } = app.staffDesk;
  const { deps } = app.support;
  const staff = new StaffRepository(app.db);
  const staffId = (request: FastifyRequest) => {
    if (!request.staff) throw new Error('support desk routes run behind the staff guard');
    return request.staff.userId;
  };
  const screen = async (id: number) => {
    const row = await findTicket(app.db, id);
    if (!row) throw notFound();
    return { data: await staffView(app.db, row) };
  };
  const mayAnswer = async (userId: number) => {
    const role = await staff.roleOf(userId);
    return role !== undefined && staffMay(role, 'support.reply');
  };

  route(app, ADMIN_SUPPORT_ROUTES.queue, { onRequest: may('support.view') }, async (request) => {
    const { state = 'open', assignee, cursor } = request.query;
    const page = await readQueue(app.db, staffId(request), { state, assignee, before: cursor });
    return {
      data: page.data,
      counts: page.counts,
      next_cursor: page.next === null ? null : encodePageCursor('id', page.next),
    };
  });

  route(app, ADMIN_SUPPORT_ROUTES.ticket, { onRequest: may('support.view') }, (request) => screen(request.params.id));

  route(app, ADMIN_SUPPORT_ROUTES.reply, { onRequest: may('support.reply') }, async (request) => {
    const { id } = request.params;
    if (!(await findTicket(app.db, id))) throw notFound();
    const actor = { ...auditActor(request), id: staffId(request) };
    await staffReply(deps, actor, id, request.body.body, request.body.internal ?? false);
    return screen(id);
  });

  route(app, ADMIN_SUPPORT_ROUTES.state, { onRequest: may('support.reply') }, async (request) => {
    await setState(deps, auditActor(request), request.params.id, request.body.state);
    return screen(request.params.id);
  });

  route(app, ADMIN_SUPPORT_ROUTES.assign, { onRequest: may('support.reply') }, async (request) => {
    await assign(deps, auditActor(request), request.params.id, request.body.assignee_id, mayAnswer);
    return screen(request.params.id);
  });

  route(app, ADMIN_SUPPORT_ROUTES.canned, { onRequest: may('support.view') }, async () => ({
    data: await listCanned(app.db),
  }));

  route(app, ADMIN_SUPPORT_ROUTES.createCanned, { onRequest: may('support.canned') }, async (request, reply) =>
    reply.code(201).send({ data: await createCanned(app.events, auditActor(request), request.body) }),
  );

  route(app, ADMIN_SUPPORT_ROUTES.updateCanned, { onRequest: may('support.canned') }, async (request) => ({
    data: await updateCanned(app.events, auditActor(request), request.params.id, request.body),
  }));

  route(app, ADMIN_SUPPORT_ROUTES.deleteCanned, { onRequest: may('support.canned') }, async (request, reply) => {
    await deleteCanned(app.events, auditActor(request), request.params.id);
    return reply.code(204).send();
  });

  return Promise.resolve();
}
