import { supportStates, supportTopics } from '@marketplace/contracts/support';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient } from '../browser-like-client';
import { createCatalogueTestApp, seller, type Seller } from '../fixtures/catalogue';
import { staffClient, type StaffClient } from '../fixtures/staff';
import type { TestApp } from '../test-app';
import { forgedCursor, hostileBody, hostileIdText, hostileUrlPart, photoBody, rawBody } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes a support route answer 5xx (issue 30): the form with any body from a visitor and a
 * user, a ticket's and a visitor link's thread and replies at any address, photos of any bytes, the
 * desk's queue with any query, replies, states, assignment and canned answers with any body. Its
 * cases, and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
let agent: StaffClient;
let user: Seller;
let visitor: BrowserLikeClient;
let ticketId: number;
let visitorToken: string;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({
    SUPPORT_TICKETS_PER_ADDRESS: '100000',
    SUPPORT_TICKETS_PER_NETWORK: '100000',
    SUPPORT_REPLIES_PER_TICKET: '100000',
  });
  agent = await staffClient(testApp.app, 'support');
  user = await seller(testApp);
  visitor = new BrowserLikeClient(testApp.app);
  await visitor.visit('/support');
  const created = await user.client.post('/api/support/tickets', {
    topic: 'other',
    message: 'A ticket for the fuzz tests to write on.',
    form_token: form(),
  });
  ticketId = created.json<{ data: { id: number } }>().data.id;
  await visitor.post('/api/support/tickets', {
    topic: 'other',
    message: 'A visitor ticket for the fuzz tests.',
    email: 'fuzz-visitor@example.com',
    form_token: form(),
  });
  const row = await testApp.database.db
    .selectFrom('support_tickets')
    .select(['id', 'email'])
    .where('email', '=', 'fuzz-visitor@example.com')
    .executeTakeFirstOrThrow();
  visitorToken = testApp.app.support.deps.links.sign(row.id, row.email);
});
afterAll(() => testApp.close());

/** A form old enough to pass the minimum fill time. */
const form = () => testApp.app.support.deps.forms.issue(new Date(Date.now() - 60_000));

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

const ticketIds = () => fc.oneof(fc.constant(String(ticketId)), hostileIdText, hostileUrlPart);
const tokens = () =>
  fc.oneof(
    fc.constant(visitorToken),
    fc.constant(`${ticketId}.${visitorToken.split('.')[1] ?? ''}`),
    hostileIdText,
    hostileUrlPart,
  );

describe('no input makes a support route answer 5xx', () => {
  it('POST /api/support/tickets, any body from a visitor and a user', async () => {
    const valid = () => ({
      topic: 'buying',
      message: 'How do offers work on this site?',
      email: 'someone@example.com',
      name: 'Someone',
      order_id: 1,
      listing_id: 1,
      form_token: form(),
      website: '',
    });
    await fc.assert(
      fc.asyncProperty(
        hostileBody(valid()),
        fc.boolean(),
        fc.constantFrom(...supportTopics),
        async (body, signedIn, topic) => {
          const client = signedIn ? user.client : visitor;
          const sent = body && typeof body === 'object' && !Array.isArray(body) ? { topic, ...body } : body;
          noServerError(
            await client.post('/api/support/tickets', sent ?? null),
            `POST tickets ${JSON.stringify(sent)}`,
          );
        },
      ),
      fuzzSettings({ runs: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, async ({ contentType, payload }) => {
        const response = await visitor.request('POST', '/api/support/tickets', payload, {
          headers: { 'content-type': contentType },
        });
        noServerError(response, `POST tickets raw ${contentType}`);
      }),
      fuzzSettings(),
    );
  });

  it("a ticket's and a visitor link's thread, replies and photos, at any address with any body", async () => {
    await fc.assert(
      fc.asyncProperty(
        ticketIds(),
        tokens(),
        hostileBody({ body: 'A reply of some length.' }),
        async (id, token, body) => {
          noServerError(await user.client.get(`/api/support/tickets/${id}`), `GET ticket ${id}`);
          noServerError(await user.client.post(`/api/support/tickets/${id}/messages`, body ?? null), `reply ${id}`);
          noServerError(await visitor.get(`/api/support/visitor/${token}`), `GET visitor ${token}`);
          noServerError(await visitor.post(`/api/support/visitor/${token}/messages`, body ?? null), `reply ${token}`);
          noServerError(await visitor.get(`/api/support/photos/${token}?token=${token}`), `photo ${token}`);
        },
      ),
      fuzzSettings(),
    );
    await fc.assert(
      fc.asyncProperty(
        ticketIds(),
        tokens(),
        fc.oneof(photoBody, rawBody),
        async (id, token, { contentType, payload }) => {
          const headers = { 'content-type': contentType };
          noServerError(
            await user.client.request('POST', `/api/support/tickets/${id}/photos`, payload, { headers }),
            `photo ${id}`,
          );
          noServerError(
            await visitor.request('POST', `/api/support/visitor/${token}/photos`, payload, { headers }),
            `visitor photo ${token}`,
          );
        },
      ),
      fuzzSettings({ runs: 1 }),
    );
  });

  it('the desk: the queue with any query; replies, states, assignment and canned answers with any body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...supportStates, 'open', ''), hostileUrlPart),
        fc.oneof(fc.constantFrom('me', 'nobody', ''), hostileUrlPart),
        fc.oneof(forgedCursor, hostileUrlPart),
        async (state, assignee, cursor) => {
          const url = `/api/admin/support?state=${state}&assignee=${assignee}&cursor=${encodeURIComponent(cursor)}`;
          noServerError(await agent.client.get(url), `GET ${url}`);
        },
      ),
      fuzzSettings(),
    );
    await fc.assert(
      fc.asyncProperty(
        ticketIds(),
        hostileBody({ body: 'An answer to the user.', internal: false }),
        hostileBody({ state: 'resolved' }),
        hostileBody({ assignee_id: agent.user.id }),
        async (id, reply, state, assign) => {
          noServerError(await agent.client.get(`/api/admin/support/tickets/${id}`), `GET desk ${id}`);
          noServerError(await agent.client.post(`/api/admin/support/tickets/${id}/messages`, reply ?? null), 'reply');
          noServerError(await agent.client.post(`/api/admin/support/tickets/${id}/state`, state ?? null), 'state');
          noServerError(await agent.client.post(`/api/admin/support/tickets/${id}/assignee`, assign ?? null), 'assign');
        },
      ),
      fuzzSettings(),
    );
    const canned = { title_en: 'Title', title_ar: 'عنوان', body_en: 'Body text.', body_ar: 'نص.' };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant('1'), hostileIdText, hostileUrlPart),
        hostileBody(canned),
        async (id, body) => {
          noServerError(await agent.client.post('/api/admin/support/canned', body ?? null), 'create canned');
          noServerError(await agent.client.put(`/api/admin/support/canned/${id}`, body ?? null), `update canned ${id}`);
          noServerError(await agent.client.request('DELETE', `/api/admin/support/canned/${id}`), `delete canned ${id}`);
        },
      ),
      fuzzSettings(),
    );
  });
});
