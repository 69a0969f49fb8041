import type { Notification } from '@marketplace/contracts';
import type { StaffSupportTicket, SupportQueue, SupportTicket } from '@marketplace/contracts/support';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, seller, type Seller } from './fixtures/catalogue';
import { png } from './fixtures/images';
import { offerBody, placeOrder, stockedListing } from './fixtures/orders';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

let testApp: TestApp;
let agent: StaffClient;
let colleague: StaffClient;
let moderator: StaffClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  agent = await staffClient(testApp.app, 'support');
  colleague = await staffClient(testApp.app, 'support');
  moderator = await staffClient(testApp.app, 'moderator');
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const deps = () => testApp.app.support.deps;
/** A form issued long enough ago to pass the minimum fill time (a person took a minute to write). */
const oldForm = () => deps().forms.issue(new Date(Date.now() - 60_000));
let mails = 0;
const uniqueAddress = () => `visitor${++mails}-${Date.now()}@example.com`;

const ticketOf = (response: LightMyRequestResponse) => response.json<{ data: SupportTicket }>().data;
const staffTicketOf = (response: LightMyRequestResponse) => response.json<{ data: StaffSupportTicket }>().data;

const visitorBody = (overrides: Record<string, unknown> = {}) => ({
  topic: 'buying',
  message: 'How do I know a seller is real before I pay?',
  email: uniqueAddress(),
  name: 'Mariam',
  form_token: oldForm(),
  ...overrides,
});

async function visitor(language = 'en') {
  const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
  await client.visit('/support');
  return client;
}

/** The signed link the visitor's newest e-mail holds (the outbox row's path, as the e-mail's button). */
async function linkMailedTo(email: string): Promise<string> {
  const row = await db()
    .selectFrom('mail_outbox')
    .select('path')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /^\/support\/t\/(.+)$/.exec(row.path ?? '')?.[1];
  if (!token) throw new Error(`no ticket link in ${row.path}`);
  return token;
}

/** An e-mail part as composed: the composer writes text (a string), never a stream or a buffer. */
const mailText = (part: unknown): string => (typeof part === 'string' ? part : '');

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('recipient', '=', email).orderBy('id').execute();

async function userTicket(user: Seller, body: Record<string, unknown> = {}): Promise<SupportTicket> {
  const response = await user.client.post('/api/support/tickets', {
    topic: 'order',
    message: 'The seller has not answered about my order for three days.',
    form_token: oldForm(),
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  return ticketOf(response);
}

describe("a visitor's ticket", () => {
  it('is stored, e-mailed back with a signed link that opens it and nothing else, and answered by e-mail', async () => {
    const client = await visitor('ar');
    const body = visitorBody();
    const sent = await client.post('/api/support/tickets', body);
    expect(sent.statusCode).toBe(202);
    const ticket = await db()
      .selectFrom('support_tickets')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ user_id: null, locale: 'ar', state: 'new', topic: 'buying', name: 'Mariam' });
    const [received] = await mailsTo(body.email);
    expect(received).toMatchObject({ template: 'support.received', locale: 'ar', user_id: null });
    const token = await linkMailedTo(body.email);

    const stranger = await visitor();
    const opened = await stranger.get(`/api/support/visitor/${token}`);
    expect(opened.statusCode).toBe(200);
    expect(ticketOf(opened).messages.map((message) => message.body)).toEqual([body.message]);

    // A character changed, or another ticket's id under this signature: nothing.
    const [id = '', signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await stranger.get(`/api/support/visitor/${id}.${flipped}`)).statusCode).toBe(404);
    const other = await client.post('/api/support/tickets', visitorBody());
    expect(other.statusCode).toBe(202);
    const otherId = ticket.id + 1;
    expect((await stranger.get(`/api/support/visitor/${otherId}.${signature}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/support/visitor/not-a-token`)).statusCode).toBe(404);

    // Staff answer: the visitor's e-mail, in Arabic, with the same link, and the reply's words.
    const answered = await agent.client.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      body: 'Meet in a public place and pay on hand-over.',
    });
    expect(answered.statusCode).toBe(200);
    expect(staffTicketOf(answered).state).toBe('waiting_user');
    const replied = (await mailsTo(body.email)).at(-1);
    expect(replied).toMatchObject({ template: 'support.replied', locale: 'ar', path: `/support/t/${token}` });
    if (!replied) throw new Error('no answer mailed to the visitor');
    const mail = await testApp.app.notifications.compose(replied);
    expect(mailText(mail.text)).toContain('Meet in a public place and pay on hand-over.');
    expect(String(mail.subject)).toContain(String(ticket.id));

    // The visitor reads it by the link and replies: the ticket waits on the team again.
    const thread = ticketOf(await stranger.get(`/api/support/visitor/${token}`));
    expect(thread.messages.map((message) => [message.from, message.body])).toEqual([
      ['user', body.message],
      ['staff', 'Meet in a public place and pay on hand-over.'],
    ]);
    const again = await stranger.post(`/api/support/visitor/${token}/messages`, {
      body: 'Thank you, that helps a lot.',
    });
    expect(again.statusCode).toBe(200);
    expect(ticketOf(again).state).toBe('waiting_staff');
    expect(
      (await stranger.post(`/api/support/visitor/${id}.${flipped}/messages`, { body: 'Someone else here' })).statusCode,
    ).toBe(404);
  });
});

describe('the spam guard', () => {
  it('accepts a filled hidden field silently and stores nothing', async () => {
    const client = await visitor();
    const body = visitorBody({ website: 'http://spam.example' });
    const before = await db()
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await client.post('/api/support/tickets', body);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { received: true } });
    const after = await db()
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await mailsTo(body.email)).toEqual([]);
  });

  it('refuses a form sent right after it was issued, and a form token not signed here', async () => {
    const client = await visitor();
    const fresh = (await client.get('/api/support/form')).json<{ data: { form_token: string } }>().data.form_token;
    const quick = await client.post('/api/support/tickets', visitorBody({ form_token: fresh }));
    expect(quick.statusCode).toBe(422);
    expect(quick.json<{ errors: Record<string, string[]> }>().errors.form_token?.[0]).toMatch(/very quick/);

    const [at = '', signature = ''] = oldForm().split('.');
    const forged = `${Number(at) - 1000}.${signature}`;
    const refused = await client.post('/api/support/tickets', visitorBody({ form_token: forged }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.form_token?.[0]).toMatch(/too old/);
    const stale = deps().forms.issue(new Date(Date.now() - 25 * 3600 * 1000));
    expect((await client.post('/api/support/tickets', visitorBody({ form_token: stale }))).statusCode).toBe(422);
  });

  it('limits tickets per e-mail address and per network: 429 with Retry-After and the rule in words', async () => {
    const email = uniqueAddress();
    for (let sent = 0; sent < 5; sent += 1) {
      const client = await visitor();
      expect((await client.post('/api/support/tickets', visitorBody({ email }))).statusCode).toBe(202);
    }
    const sixth = await (await visitor()).post('/api/support/tickets', visitorBody({ email }));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json<{ message: string }>().message).toMatch(/from this e-mail address/);
    expect((await mailsTo(email)).length).toBe(5);

    const network = await visitor();
    for (let sent = 0; sent < 20; sent += 1) {
      expect((await network.post('/api/support/tickets', visitorBody())).statusCode).toBe(202);
    }
    const refused = await network.post('/api/support/tickets', visitorBody());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/from your network/);
  });
});

describe("a user's ticket", () => {
  it('may name their own order or listing; anything else is not found; another user cannot reach it', async () => {
    const shop = await seller(testApp);
    const listing = await stockedListing(shop, 1);
    const buyer = await seller(testApp);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    const ticket = await userTicket(buyer, { order_id: order.id });
    expect(ticket).toMatchObject({ state: 'new', topic: 'order', order_id: order.id });

    const outsider = await seller(testApp);
    expect(
      (
        await outsider.client.post('/api/support/tickets', {
          topic: 'order',
          message: 'About an order that is not mine.',
          form_token: oldForm(),
          order_id: order.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await outsider.client.post('/api/support/tickets', {
          topic: 'selling',
          message: 'About a listing that is not mine.',
          form_token: oldForm(),
          listing_id: listing.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await buyer.client.post('/api/support/tickets', {
          topic: 'selling',
          message: 'A listing id out of range here.',
          form_token: oldForm(),
          listing_id: 2 ** 31,
        })
      ).statusCode,
    ).toBe(422);
    const sellerTicket = await userTicket(shop, { topic: 'selling', listing_id: listing.id });
    expect(sellerTicket.listing_id).toBe(listing.id);

    expect((await outsider.client.get(`/api/support/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect(
      (await outsider.client.post(`/api/support/tickets/${ticket.id}/messages`, { body: 'Let me in please.' }))
        .statusCode,
    ).toBe(404);
    expect((await outsider.client.get('/api/support/tickets')).json<{ data: unknown[] }>().data).toEqual([]);
    const mine = (await buyer.client.get('/api/support/tickets')).json<{ data: { id: number }[] }>().data;
    expect(mine.map((row) => row.id)).toEqual([ticket.id]);
    // A user's ticket is no visitor's: no link opens it.
    const forged = deps().links.sign(
      ticket.id,
      (await db().selectFrom('users').select('email').where('id', '=', buyer.id).executeTakeFirstOrThrow()).email,
    );
    expect((await (await visitor()).get(`/api/support/visitor/${forged}`)).statusCode).toBe(404);
  });

  it("is answered by staff: the user's bell and e-mail in their language; a note never reaches them", async () => {
    const user = await seller(testApp);
    expect((await user.client.put('/api/locale', { locale: 'ar' })).statusCode).toBeLessThan(300);
    const ticket = await userTicket(user);
    const queue = (await agent.client.get('/api/admin/support')).json<SupportQueue>();
    expect(queue.data.map((row) => row.id)).toContain(ticket.id);

    const note = 'INTERNAL: this buyer complained twice before';
    const noted = await agent.client.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      body: note,
      internal: true,
    });
    expect(noted.statusCode).toBe(200);
    expect(staffTicketOf(noted).messages.at(-1)).toMatchObject({ internal: true, body: note });
    expect(staffTicketOf(noted).state).toBe('new');

    const answer = 'We wrote to the seller; expect an answer today.';
    const answered = await agent.client.post(`/api/admin/support/tickets/${ticket.id}/messages`, { body: answer });
    expect(staffTicketOf(answered).state).toBe('waiting_user');

    const seen = ticketOf(await user.client.get(`/api/support/tickets/${ticket.id}`));
    expect(seen.state).toBe('waiting_user');
    expect(seen.messages.map((message) => message.body)).toEqual([ticket.messages[0]?.body, answer]);
    expect(JSON.stringify(seen)).not.toContain('INTERNAL');
    expect(JSON.stringify((await user.client.get('/api/support/tickets')).json())).not.toContain('INTERNAL');

    const bell = (await user.client.get('/api/notifications')).json<{ data: Notification[] }>().data;
    expect(bell.filter((item) => item.type === 'support.replied')).toHaveLength(1);
    expect(JSON.stringify(bell)).not.toContain('INTERNAL');
    const outbox = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('template', '=', 'support.replied')
      .execute();
    expect(outbox).toHaveLength(1);
    const [queued] = outbox;
    if (!queued) throw new Error('no answer mailed to the user');
    const mail = await testApp.app.notifications.compose(queued);
    expect(queued.locale).toBe('ar');
    expect(mailText(mail.text)).toContain(answer);
    expect(mailText(mail.text) + mailText(mail.html)).not.toContain('INTERNAL');
    const everyMail = await db().selectFrom('mail_outbox').select(['data', 'path']).execute();
    expect(JSON.stringify(everyMail)).not.toContain('INTERNAL');

    // The user replies: waiting on the team. Staff resolve it by hand; twice is out of turn.
    const replied = await user.client.post(`/api/support/tickets/${ticket.id}/messages`, {
      body: 'Thanks, I will wait for it.',
    });
    expect(ticketOf(replied).state).toBe('waiting_staff');
    const resolved = await agent.client.post(`/api/admin/support/tickets/${ticket.id}/state`, { state: 'resolved' });
    expect(staffTicketOf(resolved).state).toBe('resolved');
    const twice = await agent.client.post(`/api/admin/support/tickets/${ticket.id}/state`, { state: 'resolved' });
    expect(twice.statusCode).toBe(409);
    expect(
      (await agent.client.post(`/api/admin/support/tickets/${ticket.id}/state`, { state: 'new' })).statusCode,
    ).toBe(422);
    // Writing again opens it again.
    const reopened = await user.client.post(`/api/support/tickets/${ticket.id}/messages`, {
      body: 'It happened again today.',
    });
    expect(ticketOf(reopened).state).toBe('waiting_staff');

    const actions = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'support_ticket')
      .where('target_id', '=', ticket.id)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'support.note', actor_id: agent.user.id },
      { action: 'support.reply', actor_id: agent.user.id },
      { action: 'support.state', actor_id: agent.user.id },
    ]);
  });

  it('is assigned to staff who may answer, never to anyone else; nobody is told of their own act', async () => {
    const ticket = await userTicket(await seller(testApp));
    const given = await agent.client.post(`/api/admin/support/tickets/${ticket.id}/assignee`, {
      assignee_id: colleague.user.id,
    });
    expect(staffTicketOf(given).assignee?.id).toBe(colleague.user.id);
    expect(
      (await agent.client.post(`/api/admin/support/tickets/${ticket.id}/assignee`, { assignee_id: colleague.user.id }))
        .statusCode,
    ).toBe(409);
    expect(
      (await agent.client.post(`/api/admin/support/tickets/${ticket.id}/assignee`, { assignee_id: moderator.user.id }))
        .statusCode,
    ).toBe(409);
    const mine = (await colleague.client.get('/api/admin/support?assignee=me')).json<SupportQueue>();
    expect(mine.data.map((row) => row.id)).toEqual([ticket.id]);
    expect(
      (await agent.client.post(`/api/admin/support/tickets/${ticket.id}/assignee`, { assignee_id: null })).statusCode,
    ).toBe(200);

    // A staff member's own ticket, answered by themselves: no bell, no e-mail.
    const own = await agent.client.post('/api/support/tickets', {
      topic: 'other',
      message: 'Testing the desk from my own account.',
      form_token: oldForm(),
    });
    const ownId = ticketOf(own).id;
    await agent.client.post(`/api/admin/support/tickets/${ownId}/messages`, { body: 'Answering myself here.' });
    const told = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', agent.user.id)
      .where('type', '=', 'support.replied')
      .execute();
    expect(told).toEqual([]);
  });

  it('is 404 at the desk to anyone without a role, 403 to a moderator', async () => {
    const user = await seller(testApp);
    const ticket = await userTicket(user);
    expect((await user.client.get(`/api/admin/support/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect((await user.client.get('/api/admin/support')).statusCode).toBe(404);
    expect((await (await visitor()).get('/api/admin/support')).statusCode).toBe(404);
    expect((await moderator.client.get('/api/admin/support')).statusCode).toBe(403);
    expect((await agent.client.get('/api/admin/support/tickets/999999')).statusCode).toBe(404);
    expect((await agent.client.get('/api/admin/support?cursor=99999999999')).statusCode).toBe(422);
  });
});

describe('photos', () => {
  it("go with the first message, three at most, seen by the ticket's owner and staff only", async () => {
    const user = await seller(testApp);
    const ticket = await userTicket(user);
    const upload = (client: BrowserLikeClient, url: string, bytes: Buffer) =>
      client.request('POST', url, bytes, { headers: { 'content-type': 'image/png' } });
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await upload(user.client, `/api/support/tickets/${ticket.id}/photos`, await png(40, 30))).statusCode,
      ).toBe(201);
    }
    const fourth = await upload(user.client, `/api/support/tickets/${ticket.id}/photos`, await png(40, 30));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ message: string }>().message).toMatch(/up to 3 photos/);
    const outsider = await seller(testApp);
    expect((await upload(outsider.client, `/api/support/tickets/${ticket.id}/photos`, await png())).statusCode).toBe(
      404,
    );
    expect(
      (await upload(user.client, `/api/support/tickets/${ticket.id}/photos`, Buffer.from('%PDF-1.4'))).statusCode,
    ).toBe(409);

    const seen = ticketOf(await user.client.get(`/api/support/tickets/${ticket.id}`));
    const url = seen.messages[0]?.photos[0]?.url ?? '';
    expect(seen.messages[0]?.photos).toHaveLength(3);
    expect((await user.client.get(url)).statusCode).toBe(200);
    expect((await agent.client.get(url)).statusCode).toBe(200);
    expect((await outsider.client.get(url)).statusCode).toBe(404);
    expect((await moderator.client.get(url)).statusCode).toBe(404);
    expect((await (await visitor()).get(url)).statusCode).toBe(404);

    // A visitor's photo: by their link, and its file with the link's token only.
    const client = await visitor();
    const body = visitorBody();
    await client.post('/api/support/tickets', body);
    const token = await linkMailedTo(body.email);
    const added = await upload(client, `/api/support/visitor/${token}/photos`, await png(30, 30));
    expect(added.statusCode).toBe(201);
    const photoUrl = ticketOf(added).messages[0]?.photos[0]?.url ?? '';
    expect(photoUrl).toContain(`?token=${token}`);
    expect((await (await visitor()).get(photoUrl)).statusCode).toBe(200);
    expect((await (await visitor()).get(photoUrl.replace(/\?token=.*$/, ''))).statusCode).toBe(404);
    expect((await user.client.get(photoUrl.replace(/\?token=.*$/, ''))).statusCode).toBe(404);

    // Once the team answers, no more photos.
    await agent.client.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      body: 'Thanks for the photos here.',
    });
    const visitorTicket = await db()
      .selectFrom('support_tickets')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    await agent.client.post(`/api/admin/support/tickets/${visitorTicket.id}/messages`, {
      body: 'We have your photo now.',
    });
    const late = await upload(client, `/api/support/visitor/${token}/photos`, await png(30, 30));
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/before the team answers/);
  });
});

describe('canned answers', () => {
  it('are kept in both languages by support staff, each change in the audit log; a moderator is refused', async () => {
    const input = {
      title_en: 'Hand-over',
      title_ar: 'التسليم',
      body_en: 'Pay on hand-over.',
      body_ar: 'ادفع عند التسليم.',
    };
    const created = await agent.client.post('/api/admin/support/canned', input);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: number } }>().data;
    const edited = await colleague.client.put(`/api/admin/support/canned/${id}`, { ...input, title_en: 'Paying' });
    expect(edited.json<{ data: { title_en: string } }>().data.title_en).toBe('Paying');
    const list = (await agent.client.get('/api/admin/support/canned')).json<{
      data: { id: number; body_ar: string }[];
    }>().data;
    expect(list).toContainEqual(expect.objectContaining({ id, body_ar: 'ادفع عند التسليم.' }));
    expect((await moderator.client.post('/api/admin/support/canned', input)).statusCode).toBe(403);
    expect((await agent.client.post('/api/admin/support/canned', { ...input, body_en: '' })).statusCode).toBe(422);
    expect((await agent.client.request('DELETE', `/api/admin/support/canned/${id}`)).statusCode).toBe(204);
    expect((await agent.client.request('DELETE', `/api/admin/support/canned/${id}`)).statusCode).toBe(404);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'canned_answer')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'support.canned.create',
      'support.canned.update',
      'support.canned.delete',
    ]);
  });
});
