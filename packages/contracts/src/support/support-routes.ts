import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { fileParamsSchema, idParamsSchema } from '../http/route-params';
import {
  cannedAnswerInputSchema,
  cannedAnswerSchema,
  cannedAnswersSchema,
  staffSupportReplySchema,
  staffSupportTicketSchema,
  supportAssignSchema,
  supportQueueQuerySchema,
  supportQueueSchema,
  supportStateChangeSchema,
} from './support-staff';
import {
  SUPPORT_ACCESS_TOKEN_PATTERN,
  supportReferencesSchema,
  supportReplySchema,
  supportTicketSchema,
  supportTicketSchemaOut,
  supportTicketSummarySchema,
} from './support-tickets';

/** A visitor's link: a token that does not parse names nothing (404). */
const tokenParams = z.object({
  token: z.string().check(z.refine((value) => SUPPORT_ACCESS_TOKEN_PATTERN.test(value))),
});
const ticketAnswer = z.object({ data: supportTicketSchemaOut });
const photoQuery = z.object({ token: z.optional(z.string()) });

/** Support tickets (issue 30), for visitors and users. */
export const SUPPORT_ROUTES = {
  /** A new form's signed timestamp (the minimum fill time). */
  form: defineRoute({
    method: 'GET',
    path: '/api/support/form',
    response: { 200: z.object({ data: z.object({ form_token: z.string() }) }) },
  }),
  /** The signed-in user's own orders and listings the form may refer to. */
  references: defineRoute({
    method: 'GET',
    path: '/api/support/references',
    response: { 200: supportReferencesSchema },
  }),
  /** 201 with the ticket for a user; 202 for a visitor (their link goes to their inbox). */
  create: defineRoute({ method: 'POST', path: '/api/support/tickets', body: supportTicketSchema }),
  list: defineRoute({
    method: 'GET',
    path: '/api/support/tickets',
    response: { 200: z.object({ data: z.array(supportTicketSummarySchema) }) },
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/api/support/tickets/:id',
    params: idParamsSchema,
    response: { 200: ticketAnswer },
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/api/support/tickets/:id/messages',
    params: idParamsSchema,
    body: supportReplySchema,
    response: { 200: ticketAnswer },
  }),
  /** A photo's bytes as the request's body, onto the ticket's first message. */
  photo: defineRoute({ method: 'POST', path: '/api/support/tickets/:id/photos', params: idParamsSchema }),
  visitorTicket: defineRoute({
    method: 'GET',
    path: '/api/support/visitor/:token',
    params: tokenParams,
    response: { 200: ticketAnswer },
  }),
  visitorReply: defineRoute({
    method: 'POST',
    path: '/api/support/visitor/:token/messages',
    params: tokenParams,
    body: supportReplySchema,
    response: { 200: ticketAnswer },
  }),
  visitorPhoto: defineRoute({ method: 'POST', path: '/api/support/visitor/:token/photos', params: tokenParams }),
  /** A ticket photo's file: its owner (signed in, or by `token`) and staff; 404 to anyone else. */
  photoFile: defineRoute({
    method: 'GET',
    path: '/api/support/photos/:file',
    params: fileParamsSchema,
    querystring: photoQuery,
  }),
} as const;

/** The back-office's support desk: 404 to anyone without a role (the staff guard). */
export const ADMIN_SUPPORT_ROUTES = {
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/support',
    querystring: supportQueueQuerySchema,
    response: { 200: supportQueueSchema },
    cursor: 'id',
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/api/admin/support/tickets/:id',
    params: idParamsSchema,
    response: { 200: staffSupportTicketSchema },
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/api/admin/support/tickets/:id/messages',
    params: idParamsSchema,
    body: staffSupportReplySchema,
    response: { 200: staffSupportTicketSchema },
  }),
  state: defineRoute({
    method: 'POST',
    path: '/api/admin/support/tickets/:id/state',
    params: idParamsSchema,
    body: supportStateChangeSchema,
    response: { 200: staffSupportTicketSchema },
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/admin/support/tickets/:id/assignee',
    params: idParamsSchema,
    body: supportAssignSchema,
    response: { 200: staffSupportTicketSchema },
  }),
  canned: defineRoute({ method: 'GET', path: '/api/admin/support/canned', response: { 200: cannedAnswersSchema } }),
  createCanned: defineRoute({
    method: 'POST',
    path: '/api/admin/support/canned',
    body: cannedAnswerInputSchema,
    response: { 201: z.object({ data: cannedAnswerSchema }) },
  }),
  updateCanned: defineRoute({
    method: 'PUT',
    path: '/api/admin/support/canned/:id',
    params: idParamsSchema,
    body: cannedAnswerInputSchema,
    response: { 200: z.object({ data: cannedAnswerSchema }) },
  }),
  deleteCanned: defineRoute({ method: 'DELETE', path: '/api/admin/support/canned/:id', params: idParamsSchema }),
} as const;

/** The real-time events of support (realtime-essentials.ts names them). */
export const SUPPORT_TICKET_UPDATED_EVENT = 'support.ticket-updated';
export const SUPPORT_QUEUE_CHANGED_EVENT = 'support.queue-changed';
