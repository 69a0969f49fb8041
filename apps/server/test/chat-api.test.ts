import type { ChatMessage, Conversation, ConversationsPage, MessagesPage } from '@marketplace/contracts';
import { CHAT_API, realtimeChannels } from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { BrowserLikeClient } from './browser-like-client';
import { liveListing, newDraft, seller, type Seller } from './fixtures/catalogue';
import { html, pixelBombPng, png, rotatedJpegWithExif, svg, truncated, webp } from './fixtures/images';
import {
  connected,
  nextEvent,
  pusherClients,
  startRealtimeApp,
  subscribed,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';

let testApp: RealtimeTestApp;
let owner: Seller;
let buyer: Seller;
let stranger: Seller;
const open = pusherClients();

beforeAll(async () => {
  testApp = await startRealtimeApp({ MESSAGES_PER_MINUTE: '1000' });
  await seedReferenceData(testApp.database.db);
  owner = await seller(testApp);
  buyer = await seller(testApp);
  stranger = await seller(testApp);
});
afterAll(() => testApp.close());

const conversationOf = (response: LightMyRequestResponse) => response.json<{ data: Conversation }>().data;
const messageOf = (response: LightMyRequestResponse) => response.json<{ data: ChatMessage }>().data;
const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;

let sequence = 0;
const clientId = () => `test-${Date.now().toString(36)}-${(sequence += 1)}`;

/** The buyer's conversation about a new listing of `owner`'s. */
async function conversation(asker = buyer, listingOwner = owner): Promise<Conversation> {
  const listing = await liveListing(listingOwner);
  const response = await asker.client.post(CHAT_API.conversations, { listing_id: listing.id });
  if (response.statusCode !== 201) throw new Error(`start: ${response.statusCode} ${response.body}`);
  return conversationOf(response);
}

async function send(from: Seller, id: number, body: string, client_id = clientId()): Promise<ChatMessage> {
  const response = await from.client.post(CHAT_API.messages(id), { client_id, body });
  if (response.statusCode !== 201) throw new Error(`send: ${response.statusCode} ${response.body}`);
  return messageOf(response);
}

const page = async (reader: Seller, id: number, query = '') =>
  (await reader.client.get(`${CHAT_API.messages(id)}${query}`)).json<MessagesPage>();
const listOf = async (reader: Seller, query = '') =>
  (await reader.client.get(`${CHAT_API.conversations}${query}`)).json<ConversationsPage>();
const unread = async (reader: Seller) =>
  (await reader.client.get(CHAT_API.unreadCount)).json<{ data: { unread_count: number } }>().data.unread_count;

describe('starting a conversation', () => {
  it('is the buyer’s, one per listing: the second click finds the same one, 20 at once make one', async () => {
    const listing = await liveListing(owner);
    const first = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    expect(first.statusCode).toBe(201);
    const started = conversationOf(first);
    expect(started).toMatchObject({
      role: 'buyer',
      listing: { id: listing.id, title: listing.title },
      other: { id: owner.id },
      last_message: null,
      unread_count: 0,
      block: null,
    });
    const again = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    expect(again.statusCode).toBe(200);
    expect(conversationOf(again).id).toBe(started.id);

    const another = await liveListing(owner);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stranger.client.post(CHAT_API.conversations, { listing_id: another.id })),
    );
    expect(new Set(answers.map((answer) => conversationOf(answer).id)).size).toBe(1);
    const rows = await testApp.database.db
      .selectFrom('conversations')
      .select('id')
      .where('listing_id', '=', another.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('cannot be started by the seller, nor about a draft or a listing that is not there', async () => {
    const listing = await liveListing(owner);
    const own = await owner.client.post(CHAT_API.conversations, { listing_id: listing.id });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: 'This is your listing: buyers start conversations with you.' });
    const draft = await newDraft(owner.client);
    for (const id of [draft.id, 2_147_483_647]) {
      const response = await buyer.client.post(CHAT_API.conversations, { listing_id: id });
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response).listing_id).toEqual([
        'This listing is not for sale any more, so its seller cannot be messaged about it.',
      ]);
    }
    for (const body of [{}, { listing_id: 'x' }, { listing_id: -1 }, { listing_id: 1.5 }]) {
      expect((await buyer.client.post(CHAT_API.conversations, body)).statusCode).toBe(422);
    }
  });

  it('needs a signed-in user and the CSRF token', async () => {
    const listing = await liveListing(owner);
    const visitor = new BrowserLikeClient(testApp.app);
    expect((await visitor.post(CHAT_API.conversations, { listing_id: listing.id })).statusCode).toBe(401);
    const forged = await testApp.app.inject({
      method: 'POST',
      url: CHAT_API.conversations,
      payload: { listing_id: listing.id },
      headers: { cookie: `${SESSION_COOKIE}=${buyer.client.sessionCookie ?? ''}` },
    });
    expect(forged.statusCode).toBe(419);
  });
});

describe('sending messages', () => {
  it('sends once per client id: a retried send answers the same message', async () => {
    const { id } = await conversation();
    const key = clientId();
    const first = await buyer.client.post(CHAT_API.messages(id), { client_id: key, body: 'Is it still available?' });
    expect(first.statusCode).toBe(201);
    const retried = await buyer.client.post(CHAT_API.messages(id), { client_id: key, body: 'Is it still available?' });
    expect(retried.statusCode).toBe(200);
    expect(messageOf(retried)).toEqual(messageOf(first));
    expect((await page(owner, id)).data.map((message) => message.body)).toEqual(['Is it still available?']);
  });

  it('keeps line breaks, refuses empty, over-long and control-character text per field, and saves nothing', async () => {
    const { id } = await conversation();
    const sent = await send(buyer, id, '  Hello\nsecond line  ');
    expect(sent.body).toBe('Hello\nsecond line');
    expect((await send(buyer, id, 'x'.repeat(2000))).body).toHaveLength(2000);
    for (const body of ['', '   ', 'x'.repeat(2001), 'bell\u0007', 42, null]) {
      const response = await buyer.client.post(CHAT_API.messages(id), { client_id: clientId(), body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(response).body).toHaveLength(1);
    }
    for (const client_id of [undefined, 'short', 'has space here', 'x'.repeat(65)]) {
      const response = await buyer.client.post(CHAT_API.messages(id), { client_id, body: 'hi' });
      expect(response.statusCode).toBe(422);
    }
    expect((await page(buyer, id)).data).toHaveLength(2);
  });

  it('is for the two participants only: 404 to anyone else, and for a conversation that is not there', async () => {
    const { id } = await conversation();
    await send(buyer, id, 'private');
    for (const response of [
      await stranger.client.post(CHAT_API.messages(id), { client_id: clientId(), body: 'hello' }),
      await stranger.client.get(CHAT_API.messages(id)),
      await stranger.client.get(CHAT_API.conversation(id)),
      await stranger.client.post(CHAT_API.read(id), { message_id: 1 }),
      await stranger.client.request('PUT', CHAT_API.archive(id)),
      await stranger.client.post(CHAT_API.report(id), { reason: 'spam' }),
      await buyer.client.get(CHAT_API.conversation(2_147_483_647)),
      await buyer.client.get('/api/conversations/abc'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await page(buyer, id)).data.map((message) => message.body)).toEqual(['private']);
  });

  it('refuses a blocked sender, either way, with a message that says what to do', async () => {
    const { id } = await conversation();
    await send(buyer, id, 'first');
    await owner.client.request('PUT', `/api/blocks/${buyer.id}`);
    const refused = await buyer.client.post(CHAT_API.messages(id), { client_id: clientId(), body: 'hello?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You cannot send messages to this person.' });
    const mine = await owner.client.post(CHAT_API.messages(id), { client_id: clientId(), body: 'bye' });
    expect(mine.json()).toEqual({ message: 'You have blocked this person. Unblock them to send messages.' });
    // The history stays readable; the conversation says who blocked whom, from each side.
    expect((await page(buyer, id)).data.map((message) => message.body)).toEqual(['first']);
    expect(conversationOf(await owner.client.get(CHAT_API.conversation(id))).block).toBe('i-blocked');
    expect(conversationOf(await buyer.client.get(CHAT_API.conversation(id))).block).toBe('blocked-me');
    await owner.client.request('DELETE', `/api/blocks/${buyer.id}`);
    expect((await send(buyer, id, 'again')).body).toBe('again');
  });

  it('stops a sender beyond MESSAGES_PER_MINUTE with a 429 that says when to retry', async () => {
    const limited = await startRealtimeApp({ MESSAGES_PER_MINUTE: '3' });
    try {
      await seedReferenceData(limited.database.db);
      const seller2 = await seller(limited);
      const buyer2 = await seller(limited);
      const listing = await liveListing(seller2);
      const { id } = conversationOf(await buyer2.client.post(CHAT_API.conversations, { listing_id: listing.id }));
      for (let n = 0; n < 3; n += 1) {
        expect(
          (await buyer2.client.post(CHAT_API.messages(id), { client_id: clientId(), body: `m${n}` })).statusCode,
        ).toBe(201);
      }
      const refused = await buyer2.client.post(CHAT_API.messages(id), { client_id: clientId(), body: 'one more' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorsOf(refused).body?.[0]).toMatch(/^Too many messages in a short time\. Try again in \d+ seconds\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('reading history', () => {
  it('pages backwards from the newest, and catches up forwards in order, each message once', async () => {
    const { id } = await conversation();
    const sent: ChatMessage[] = [];
    for (let n = 1; n <= 35; n += 1) sent.push(await send(n % 2 ? buyer : owner, id, `message ${n}`));
    const newest = await page(owner, id);
    expect(newest.data.map((message) => message.body)).toEqual(sent.slice(5).map((message) => message.body));
    expect(newest.has_older).toBe(true);
    const older = await page(owner, id, `?before=${newest.data[0]?.id}`);
    expect(older.data.map((message) => message.body)).toEqual(sent.slice(0, 5).map((message) => message.body));
    expect(older.has_older).toBe(false);
    const missed = await page(owner, id, `?after=${sent[31]?.id}`);
    expect(missed.data.map((message) => message.id)).toEqual(sent.slice(32).map((message) => message.id));
    const small = await page(owner, id, `?after=${sent[0]?.id}&limit=2`);
    expect(small.data.map((message) => message.id)).toEqual([sent[1]?.id, sent[2]?.id]);
    for (const query of ['?before=0', '?before=x', '?after=-1', '?limit=0', '?limit=101', '?before=5&after=3']) {
      expect((await owner.client.get(`${CHAT_API.messages(id)}${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('unread messages and read receipts', () => {
  it('counts what the other side sent since I read, and moves only forwards', async () => {
    const reader = await seller(testApp);
    const { id } = await conversation(reader);
    const before = await unread(owner);
    const first = await send(reader, id, 'one');
    await send(reader, id, 'two');
    const third = await send(reader, id, 'three');
    expect(await unread(owner)).toBe(before + 3);
    expect(await unread(reader)).toBe(0);
    expect(conversationOf(await owner.client.get(CHAT_API.conversation(id))).unread_count).toBe(3);

    expect((await owner.client.post(CHAT_API.read(id), { message_id: third.id })).statusCode).toBe(204);
    expect(await unread(owner)).toBe(before);
    // Backwards changes nothing; past the newest stops at the newest.
    await owner.client.post(CHAT_API.read(id), { message_id: first.id });
    await owner.client.post(CHAT_API.read(id), { message_id: 2_000_000_000 });
    const seen = conversationOf(await reader.client.get(CHAT_API.conversation(id)));
    expect(seen.other_read_id).toBe(third.id);
    expect(await unread(owner)).toBe(before);
  });
});

describe('my conversations', () => {
  it('lists both roles newest first, leaves empty ones out, filters unread and archived, and pages', async () => {
    const me = await seller(testApp);
    const other = await seller(testApp);
    const asBuyer = await conversation(me, other);
    const asSeller = await conversation(other, me);
    const empty = await conversation(me, other);
    await send(me, asBuyer.id, 'I would like it');
    await send(other, asSeller.id, 'Do you still have it?');
    const list = await listOf(me);
    expect(list.data.map((item) => [item.id, item.role])).toEqual([
      [asSeller.id, 'seller'],
      [asBuyer.id, 'buyer'],
    ]);
    expect(list.data.map((item) => item.id)).not.toContain(empty.id);
    expect(list.data[0]?.last_message?.body).toBe('Do you still have it?');
    expect((await listOf(me, '?filter=unread')).data.map((item) => item.id)).toEqual([asSeller.id]);

    expect((await me.client.request('PUT', CHAT_API.archive(asSeller.id))).statusCode).toBe(204);
    expect((await listOf(me)).data.map((item) => item.id)).toEqual([asBuyer.id]);
    expect((await listOf(me, '?filter=archived')).data.map((item) => item.id)).toEqual([asSeller.id]);
    // The other side still has it; a new message brings it back to my list.
    expect((await listOf(other)).data.map((item) => item.id)).toContain(asSeller.id);
    await send(other, asSeller.id, 'Hello again');
    expect((await listOf(me)).data.map((item) => item.id)).toEqual([asSeller.id, asBuyer.id]);

    const first = await listOf(me, '');
    expect(first.next_cursor).toBeNull();
    for (let n = 0; n < 20; n += 1) await send(me, (await conversation(me, other)).id, `n${n}`);
    const full = await listOf(me);
    expect(full.data).toHaveLength(20);
    expect(full.next_cursor).not.toBeNull();
    const rest = await listOf(me, `?cursor=${full.next_cursor}`);
    expect(rest.data.map((item) => item.id)).toEqual([asSeller.id, asBuyer.id]);
    expect(rest.next_cursor).toBeNull();
    for (const query of ['?filter=all', '?cursor=abc', '?cursor=0']) {
      expect((await me.client.get(`${CHAT_API.conversations}${query}`)).statusCode, query).toBe(422);
    }
  });

  it('names the other person as the public sees them, never their whole name or e-mail', async () => {
    const { id } = await conversation();
    await send(buyer, id, 'hi');
    const person = await testApp.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const seen = conversationOf(await owner.client.get(CHAT_API.conversation(id)));
    expect(seen.other.name).toBe(`${person.first_name} ${person.last_name.charAt(0)}.`);
    const text = JSON.stringify(await listOf(owner));
    expect(text).not.toContain(person.last_name);
    expect(text).not.toContain(person.email);
  });
});

describe('reporting a conversation', () => {
  it('keeps the messages as they were, once per person', async () => {
    const { id } = await conversation();
    await send(owner, id, 'Pay me outside the site');
    const reported = await buyer.client.post(CHAT_API.report(id), { reason: 'Asks for payment elsewhere' });
    expect(reported.statusCode).toBe(201);
    await send(owner, id, 'later message');
    const again = await buyer.client.post(CHAT_API.report(id), { reason: 'again' });
    expect(again.statusCode).toBe(409);
    const rows = await testApp.database.db
      .selectFrom('conversation_reports')
      .select(['reason', 'messages', 'reporter_id'])
      .where('conversation_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reporter_id).toBe(buyer.id);
    expect((rows[0]?.messages as ChatMessage[]).map((message) => message.body)).toEqual(['Pay me outside the site']);
    expect((await buyer.client.post(CHAT_API.report(id), { reason: '' })).statusCode).toBe(422);
  });
});

describe('in real time', () => {
  it('signs private-conversation.{id} for its two participants only', async () => {
    const { id } = await conversation();
    const channel = realtimeChannels.conversation(id);
    const body = { socket_id: '123.456', channel_name: channel };
    expect((await buyer.client.post('/broadcasting/auth', body)).statusCode).toBe(200);
    expect((await owner.client.post('/broadcasting/auth', body)).statusCode).toBe(200);
    expect((await stranger.client.post('/broadcasting/auth', body)).statusCode).toBe(403);
    const none = { socket_id: '123.456', channel_name: realtimeChannels.conversation(2_147_483_647) };
    expect((await buyer.client.post('/broadcasting/auth', none)).statusCode).toBe(403);
  });

  it('tells the other participant’s socket of a new message and of its reading, and their badge', async () => {
    const { id } = await conversation();
    const sellerTab = open(testApp.port, viaSession(owner.client));
    const buyerTab = open(testApp.port, viaSession(buyer.client));
    await Promise.all([connected(sellerTab), connected(buyerTab)]);
    const sellerChannel = sellerTab.subscribe(realtimeChannels.conversation(id));
    const sellerInbox = sellerTab.subscribe(realtimeChannels.user(owner.id));
    const buyerChannel = buyerTab.subscribe(realtimeChannels.conversation(id));
    await Promise.all([subscribed(sellerChannel), subscribed(sellerInbox), subscribed(buyerChannel)]);

    const created = nextEvent(sellerChannel, 'message.created');
    const badge = nextEvent<{ unread_count: number }>(sellerInbox, 'messages.unread');
    const sent = await send(buyer, id, 'Hello!');
    expect(await created).toEqual({ conversation_id: id, message_id: sent.id });
    expect((await badge).unread_count).toBe(await unread(owner));

    const read = nextEvent(buyerChannel, 'conversation.read');
    await owner.client.post(CHAT_API.read(id), { message_id: sent.id });
    expect(await read).toEqual({ conversation_id: id, message_id: sent.id });
  });
});

describe('an order’s steps in the conversation', () => {
  it('shows each as a system message, in both languages, starting the conversation if need be', async () => {
    const listing = await liveListing(owner);
    const order = await buyer.client.post('/api/orders', {
      listing_id: listing.id,
      kind: 'offer',
      offer_fils: 150_000,
      delivery_method: 'pickup',
    });
    expect(order.statusCode).toBe(201);
    const orderId = order.json<{ data: { id: number } }>().data.id;
    expect((await owner.client.post(`/api/orders/${orderId}/accept`, {})).statusCode).toBe(200);

    const { data } = await listOf(owner);
    const conversation = data.find((item) => item.listing.id === listing.id);
    expect(conversation).toBeDefined();
    const id = conversation?.id ?? 0;
    const english = await owner.client.get(CHAT_API.messages(id));
    const messages = english.json<MessagesPage>().data;
    expect(messages.map((message) => [message.kind, message.sender_id])).toEqual([
      ['system', null],
      ['system', null],
    ]);
    // The text is the contracts' encoded message: each reader's page words it in their language.
    const { en, ar } = translators;
    expect(messages.map((message) => en.text(message.body))).toEqual([
      'Order: Ordered by the buyer',
      'Order: Accepted by the seller',
    ]);
    expect(ar.text(messages[1]?.body ?? '')).toBe('الطلب: قُبل بواسطة البائع');
    // Nobody sent them: they are neither side's unread messages (decision 024).
    expect(conversation?.unread_count).toBe(0);
    const buyers = (await listOf(buyer)).data.find((item) => item.id === id);
    expect(buyers?.unread_count).toBe(0);
  });

  it('names its order on each side, and the order finds its conversation for its two people only', async () => {
    const listing = await liveListing(owner);
    const { id } = conversationOf(await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id }));
    expect(conversationOf(await buyer.client.get(CHAT_API.conversation(id))).order_id).toBeNull();
    const placed = async () => {
      const order = await buyer.client.post('/api/orders', {
        listing_id: listing.id,
        kind: 'offer',
        offer_fils: 150_000,
        delivery_method: 'pickup',
      });
      expect(order.statusCode).toBe(201);
      return order.json<{ data: { id: number } }>().data.id;
    };
    const first = await placed();
    expect((await buyer.client.post(`/api/orders/${first}/withdraw`, {})).statusCode).toBe(200);
    const second = await placed();
    // The newest order between the two for the listing, on both sides.
    expect(conversationOf(await buyer.client.get(CHAT_API.conversation(id))).order_id).toBe(second);
    expect(conversationOf(await owner.client.get(CHAT_API.conversation(id))).order_id).toBe(second);

    // Archived or not, each order leads to it; a stranger's question about it finds nothing.
    expect((await owner.client.put(CHAT_API.archive(id))).statusCode).toBe(204);
    for (const order of [first, second]) {
      expect((await listOf(owner, `?order=${order}`)).data.map((item) => item.id)).toEqual([id]);
      expect((await listOf(buyer, `?order=${order}`)).data.map((item) => item.id)).toEqual([id]);
      expect((await listOf(stranger, `?order=${order}`)).data).toEqual([]);
    }
    expect((await listOf(owner, '?order=2147483647')).data).toEqual([]);
    expect((await owner.client.get(`${CHAT_API.conversations}?order=0`)).statusCode).toBe(422);
    expect((await owner.client.get(`${CHAT_API.conversations}?order=2147483648`)).statusCode).toBe(422);
  });
});

describe('when one side deletes their account', () => {
  it('keeps the conversation for the other, names them "Deleted user", and refuses new messages', async () => {
    const leaving = await seller(testApp);
    const staying = await seller(testApp);
    const listing = await liveListing(leaving);
    const { id } = conversationOf(await staying.client.post(CHAT_API.conversations, { listing_id: listing.id }));
    await send(staying, id, 'Hello');
    await send(leaving, id, 'Hi, it is yours if you want it');
    const deleted = await leaving.client.post('/api/account/delete', { password: 'correct horse battery' });
    expect(deleted.statusCode).toBe(204);

    const seen = conversationOf(await staying.client.get(CHAT_API.conversation(id)));
    expect(seen.other).toEqual({ id: leaving.id, name: 'Deleted user', avatar: null });
    const arabic = await staying.client.request('GET', CHAT_API.conversation(id), undefined, {
      headers: { 'accept-language': 'ar' },
    });
    expect(conversationOf(arabic).other.name).toBe('مستخدم محذوف');
    expect((await page(staying, id)).data.map((message) => message.body)).toEqual([
      'Hello',
      'Hi, it is yours if you want it',
    ]);
    const refused = await staying.client.post(CHAT_API.messages(id), { client_id: clientId(), body: 'Still there?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This person has deleted their account: the conversation stays for you to read.',
    });
  });
});

describe('photos in messages', () => {
  const sendPhoto = (from: Seller, id: number, bytes: Buffer, client_id = clientId(), type = 'image/jpeg') =>
    from.client.request('POST', CHAT_API.photos(id, client_id), bytes, { headers: { 'content-type': type } });
  const chatFiles = () => {
    const folder = path.join(testApp.dataDir, 'media', 'chat');
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };
  const fetchAs = async (client: BrowserLikeClient, url: string) => {
    const response = await client.request('GET', url);
    return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
  };

  it('are stored upright without the camera’s metadata, and shown to the two participants only', async () => {
    const { id } = await conversation();
    const response = await sendPhoto(owner, id, await rotatedJpegWithExif(2400, 1800));
    expect(response.statusCode).toBe(201);
    const sent = messageOf(response);
    expect(sent).toMatchObject({ kind: 'photo', body: '', sender_id: owner.id, conversation_id: id });
    // EXIF said "turn 90°": the landscape pixels are stored portrait, and the page reserves that space.
    expect(sent.photo).toMatchObject({ width: 1200, height: 1600 });
    expect(sent.photo?.placeholder).toMatch(/^data:image\/webp;base64,/);
    const { card, full } = sent.photo ?? { card: '', full: '' };
    expect(card).toMatch(/^\/media\/chat\/[A-Za-z0-9_-]{22}-card\.webp$/);

    // The buyer reads it in the conversation, live and in the list.
    expect((await page(buyer, id)).data.at(-1)).toEqual(sent);
    expect((await listOf(buyer)).data.find((item) => item.id === id)?.last_message).toEqual(sent);
    for (const [url, width] of [
      [card, 480],
      [full, 1200],
    ] as const) {
      for (const participant of [owner, buyer]) {
        const file = await fetchAs(participant.client, url);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        // Private: kept by the participant's browser, never by a shared cache.
        expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        const meta = await sharp(file.bytes).metadata();
        expect(meta.width).toBe(width);
        expect(meta.exif).toBeUndefined();
        expect(file.bytes.includes(Buffer.from('home address'))).toBe(false);
      }
      // Anyone else, signed in or not, finds nothing there; nor under the listings' public photos.
      expect((await fetchAs(stranger.client, url)).status).toBe(404);
      expect((await fetchAs(new BrowserLikeClient(testApp.app), url)).status).toBe(404);
      expect((await fetchAs(stranger.client, url.replace('/media/chat/', '/media/photos/'))).status).toBe(404);
    }
    expect((await fetchAs(owner.client, '/media/chat/..%2F..%2Fsecret-card.webp')).status).toBe(404);
  });

  it('are sent once however often the same client id is retried, and the other side hears of it live', async () => {
    const { id } = await conversation();
    const buyerTab = open(testApp.port, viaSession(buyer.client));
    await connected(buyerTab);
    const channel = buyerTab.subscribe(realtimeChannels.conversation(id));
    await subscribed(channel);
    const heard = nextEvent(channel, 'message.created');
    const filesBefore = chatFiles().length;
    const retried = clientId();
    const first = await sendPhoto(owner, id, await png(300, 200), retried, 'image/png');
    expect(first.statusCode).toBe(201);
    expect(await heard).toMatchObject({ conversation_id: id, message_id: messageOf(first).id });
    const again = await sendPhoto(owner, id, await png(300, 200), retried, 'image/png');
    expect(again.statusCode).toBe(200);
    expect(messageOf(again)).toEqual(messageOf(first));
    // Both at once from one page: still one message, and no files left of the second.
    const [a, b] = await Promise.all([
      sendPhoto(owner, id, await webp(200, 200), 'simultaneous-1', 'image/webp'),
      sendPhoto(owner, id, await webp(200, 200), 'simultaneous-1', 'image/webp'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(messageOf(a).id).toBe(messageOf(b).id);
    expect((await page(buyer, id)).data.filter((item) => item.kind === 'photo')).toHaveLength(2);
    expect(chatFiles().length).toBe(filesBefore + 2 * 3);
  });

  it('refuse what is not a photo with a message, and keep nothing of it', async () => {
    const { id } = await conversation();
    const filesBefore = chatFiles();
    for (const [bytes, type] of [
      [html, 'image/png'],
      [svg, 'image/png'],
      [truncated(await png(400, 400)), 'image/png'],
      [pixelBombPng(10_000, 10_000), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const response = await sendPhoto(buyer, id, bytes, clientId(), type);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response).photo?.[0]).toMatch(/image|megapixels/);
    }
    const wrongId = await sendPhoto(buyer, id, await png(), 'no');
    expect(wrongId.statusCode).toBe(422);
    expect(errorsOf(wrongId).client_id?.[0]).toBe('message id is not valid.');
    const tooLarge = await sendPhoto(buyer, id, Buffer.alloc(12 * 1024 * 1024 + 1, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect((await page(buyer, id)).data).toEqual([]);
    expect(chatFiles()).toEqual(filesBefore);
  });

  it('are refused to strangers, without CSRF, across a block and past the upload limit, before decoding', async () => {
    const { id } = await conversation();
    const photo = await png(64, 64);
    expect((await sendPhoto(stranger, id, photo)).statusCode).toBe(404);
    expect((await sendPhoto(buyer, 2_147_483_647, photo)).statusCode).toBe(404);
    const anonymous = new BrowserLikeClient(testApp.app);
    expect((await sendPhoto({ ...buyer, client: anonymous }, id, photo)).statusCode).toBe(401);
    const forged = await buyer.client.request('POST', CHAT_API.photos(id, clientId()), photo, {
      csrf: false,
      headers: { 'content-type': 'image/png' },
    });
    expect(forged.statusCode).toBe(419);

    await owner.client.request('PUT', `/api/blocks/${buyer.id}`);
    const blocked = await sendPhoto(buyer, id, photo);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: 'You cannot send messages to this person.' });
    await owner.client.request('DELETE', `/api/blocks/${buyer.id}`);

    // The hour's uploads are used up: 429 with Retry-After; the other side still sends theirs.
    await testApp.database.db
      .insertInto('rate_limits')
      .values({
        key: `chat-photos:${buyer.id}`,
        hits: testApp.config.catalogueThrottles.photos.maxAttempts,
        reset_at: new Date(Date.now() + 600_000),
      })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: testApp.config.catalogueThrottles.photos.maxAttempts }))
      .execute();
    const throttled = await sendPhoto(buyer, id, photo);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorsOf(throttled).photo?.[0]).toMatch(/^Too many pictures uploaded/);
    expect((await sendPhoto(owner, id, photo)).statusCode).toBe(201);
    expect((await page(buyer, id)).data.map((item) => item.sender_id)).toEqual([owner.id]);
  });

  it('go with a report as they were', async () => {
    const { id } = await conversation();
    const sent = messageOf(await sendPhoto(owner, id, await png(100, 100)));
    expect((await buyer.client.post(CHAT_API.report(id), { reason: 'Not the item' })).statusCode).toBe(201);
    const report = await testApp.database.db
      .selectFrom('conversation_reports')
      .select('messages')
      .where('conversation_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(report.messages).toEqual([sent]);
  });
});
