import { CHAT_API, type ChatMessage, type Conversation, type ConversationsPage } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAIL_AFTER_MS } from '../src/modules/chat/chat-mail';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

/**
 * An order's steps are system lines in its conversation (decision 024), not messages someone sent:
 * they mark nothing read, count in no unread total or list, and are never mailed as "X sent you a
 * message".
 */
let testApp: TestApp;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ MESSAGES_PER_MINUTE: '1000', ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
});
afterAll(() => testApp.close());

const MINUTE = 60 * 1000;
let sequence = 0;

async function send(from: Seller, id: number, body: string): Promise<ChatMessage> {
  sequence += 1;
  const response = await from.client.post(CHAT_API.messages(id), { client_id: `system-lines-${sequence}`, body });
  if (response.statusCode !== 201) throw new Error(`send: ${response.statusCode} ${response.body}`);
  return response.json<{ data: ChatMessage }>().data;
}

const unreadTotal = async (reader: Seller) =>
  (await reader.client.get(CHAT_API.unreadCount)).json<{ data: { unread_count: number } }>().data.unread_count;

const conversations = async (reader: Seller, query = '') =>
  (await reader.client.get(`${CHAT_API.conversations}${query}`)).json<ConversationsPage>().data;

const conversationOf = async (reader: Seller, id: number) =>
  (await reader.client.get(CHAT_API.conversation(id))).json<{ data: Conversation }>().data;

const chatMailsTo = (userId: number) =>
  testApp.database.db
    .selectFrom('mail_outbox')
    .select(['data'])
    .where('user_id', '=', userId)
    .where('template', '=', 'message.unread')
    .orderBy('id')
    .execute();

/** The away-mail job as the server runs it every minute, at `now`. */
const mailJob = (now: Date) => testApp.app.chatMail(now);

const buy = (buyer: Seller, listingId: number) =>
  placeOrder(buyer.client, { listing_id: listingId, kind: 'buy', delivery_method: 'pickup' });

describe('an order step in a conversation marks nothing read', () => {
  it('the buyer who orders without opening the chat still has the seller’s message unread, and is mailed about it', async () => {
    const buyer = await seller(testApp);
    const listing = await liveListing(owner);
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const { id } = started.json<{ data: Conversation }>().data;
    const written = await send(owner, id, 'Still for sale, and I can deliver tomorrow.');
    expect(await unreadTotal(buyer)).toBe(1);

    await buy(buyer, listing.id);

    expect(await unreadTotal(buyer)).toBe(1);
    expect((await conversationOf(buyer, id)).unread_count).toBe(1);
    expect((await conversations(buyer, '?filter=unread')).map((conversation) => conversation.id)).toEqual([id]);
    // No false read receipt on the seller's side.
    expect((await conversationOf(owner, id)).other_read_id).toBeLessThan(written.id);

    await mailJob(new Date(Date.parse(written.created_at) + CHAT_MAIL_AFTER_MS + MINUTE));
    const mails = await chatMailsTo(buyer.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.data).toMatchObject({ conversation_id: id, count: 1 });
  });

  it('the seller who accepts does not read the buyer’s question by it either', async () => {
    const buyer = await seller(testApp);
    const listing = await liveListing(owner);
    const order = await buy(buyer, listing.id);
    const [conversation] = await conversations(buyer);
    const id = conversation?.id ?? 0;
    const question = await send(buyer, id, 'Can you keep it until Friday?');
    const before = await unreadTotal(owner);

    await acted(owner.client, order.id, 'accept');

    expect(await unreadTotal(owner)).toBe(before);
    expect((await conversationOf(owner, id)).unread_count).toBe(1);
    expect((await conversationOf(buyer, id)).other_read_id).toBeLessThan(question.id);
  });
});

describe('system lines are not messages someone sent', () => {
  it('buyers pressing Buy give the seller no unread messages, no unread conversations and no "sent you a message" e-mail', async () => {
    const shop = await seller(testApp);
    const listing = await liveListing(shop);
    const buyers = [await seller(testApp), await seller(testApp), await seller(testApp)];
    const orders = [];
    for (const buyer of buyers) orders.push(await buy(buyer, listing.id));

    expect(await unreadTotal(shop)).toBe(0);
    expect(await conversations(shop, '?filter=unread')).toEqual([]);
    const listed = await conversations(shop);
    expect(listed).toHaveLength(3);
    expect(listed.map((conversation) => conversation.unread_count)).toEqual([0, 0, 0]);

    await mailJob(new Date(Date.parse(orders.at(-1)?.created_at ?? '') + 3 * MINUTE));
    expect(await chatMailsTo(shop.id)).toEqual([]);
    for (const buyer of buyers) expect(await chatMailsTo(buyer.id)).toEqual([]);
  });

  it('a hand-over is no message to the buyer, even with Orders e-mails off; a message after it is one', async () => {
    const shop = await seller(testApp);
    const buyer = await seller(testApp);
    const off = await buyer.client.put('/api/notifications/settings', {
      settings: [{ category: 'orders', email: false }],
    });
    expect(off.statusCode).toBe(200);
    const listing = await liveListing(shop);
    const order = await buy(buyer, listing.id);
    await acted(shop.client, order.id, 'accept');
    const handed = await acted(shop.client, order.id, 'hand_over');

    expect(await unreadTotal(buyer)).toBe(0);
    await mailJob(new Date(Date.parse(handed.updated_at) + 3 * MINUTE));
    expect(await chatMailsTo(buyer.id)).toEqual([]);

    const [conversation] = await conversations(buyer);
    const id = conversation?.id ?? 0;
    const written = await send(shop, id, 'Enjoy it!');
    expect(await unreadTotal(buyer)).toBe(1);
    await mailJob(new Date(Date.parse(written.created_at) + CHAT_MAIL_AFTER_MS + MINUTE));
    const mails = await chatMailsTo(buyer.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.data).toMatchObject({ conversation_id: id, count: 1 });
  });
});
