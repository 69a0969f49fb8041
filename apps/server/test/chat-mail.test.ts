import { CHAT_API, realtimeChannels } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { CHAT_MAIL_AFTER_MS, CHAT_MAIL_EVERY_MS, runChatMail } from '../src/modules/chat/chat-mail';
import { liveListing, seller, type Seller } from './fixtures/catalogue';
import {
  connected,
  pusherClients,
  startRealtimeApp,
  subscribed,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';

let testApp: RealtimeTestApp;
const open = pusherClients();
const MINUTE = 60 * 1000;

beforeAll(async () => {
  testApp = await startRealtimeApp({ MESSAGES_PER_MINUTE: '1000' });
  await seedReferenceData(testApp.database.db);
});
afterAll(() => testApp.close());

let sequence = 0;
async function send(from: Seller, id: number, body: string) {
  sequence += 1;
  const response = await from.client.post(CHAT_API.messages(id), { client_id: `mail-test-${sequence}`, body });
  if (response.statusCode !== 201) throw new Error(`send: ${response.body}`);
  return response.json<{ data: { id: number; created_at: string } }>().data;
}

/** A seller, a buyer and the buyer's conversation about one of the seller's listings. */
async function pair() {
  const owner = await seller(testApp);
  const buyer = await seller(testApp);
  const listing = await liveListing(owner);
  const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
  return { owner, buyer, listing, id: started.json<{ data: { id: number } }>().data.id };
}

const mailsTo = (userId: number) =>
  testApp.database.db
    .selectFrom('mail_outbox')
    .select(['template', 'data', 'path', 'category'])
    .where('user_id', '=', userId)
    .where('template', '=', 'message.unread')
    .orderBy('id')
    .execute();

/** The job with the real notifications and outbox; whether someone is online comes from the real-time server. */
const run = (now: Date) => testApp.app.chatMail(now);

describe('e-mail for messages while away', () => {
  it('waits until messages have gone unread a while, then sends one e-mail per conversation, at most every 15 minutes', async () => {
    const { owner, buyer, listing, id } = await pair();
    const first = await send(buyer, id, 'Hello');
    await send(buyer, id, 'Is it available?');
    const sentAt = Date.parse(first.created_at);

    await run(new Date(sentAt + CHAT_MAIL_AFTER_MS / 2));
    expect(await mailsTo(owner.id)).toEqual([]);

    await run(new Date(sentAt + CHAT_MAIL_AFTER_MS + MINUTE));
    const mails = await mailsTo(owner.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ category: 'messages', path: `/messages/${id}` });
    expect(mails[0]?.data).toMatchObject({ conversation_id: id, count: 2, title: listing.title });
    // The buyer sent them: nothing to the buyer.
    expect(await mailsTo(buyer.id)).toEqual([]);

    // Again at once, and after new messages within the 15 minutes: nothing more.
    await run(new Date(sentAt + CHAT_MAIL_AFTER_MS + 2 * MINUTE));
    await send(buyer, id, 'Hello?');
    await run(new Date(sentAt + CHAT_MAIL_AFTER_MS + 10 * MINUTE));
    expect(await mailsTo(owner.id)).toHaveLength(1);

    // Once the 15 minutes are over: one more, about the new message only.
    await run(new Date(sentAt + CHAT_MAIL_AFTER_MS + MINUTE + CHAT_MAIL_EVERY_MS));
    const after = await mailsTo(owner.id);
    expect(after).toHaveLength(2);
    expect(after[1]?.data).toMatchObject({ count: 1 });
  });

  it('sends nothing about messages read in time, nor when the reader turned off e-mail for messages', async () => {
    const read = await pair();
    const message = await send(read.buyer, read.id, 'Hi');
    await read.owner.client.post(CHAT_API.read(read.id), { message_id: message.id });
    await run(new Date(Date.parse(message.created_at) + 20 * MINUTE));
    expect(await mailsTo(read.owner.id)).toEqual([]);

    const off = await pair();
    const saved = await off.owner.client.put('/api/notifications/settings', {
      settings: [{ category: 'messages', email: false }],
    });
    expect(saved.statusCode).toBe(200);
    const unread = await send(off.buyer, off.id, 'Hi');
    await run(new Date(Date.parse(unread.created_at) + 20 * MINUTE));
    expect(await mailsTo(off.owner.id)).toEqual([]);
  });

  it('sends nothing while the reader has the site open', async () => {
    const { owner, buyer, id } = await pair();
    const tab = open(testApp.port, viaSession(owner.client));
    await connected(tab);
    await subscribed(tab.subscribe(realtimeChannels.user(owner.id)));
    const message = await send(buyer, id, 'Are you there?');
    await run(new Date(Date.parse(message.created_at) + 20 * MINUTE));
    expect(await mailsTo(owner.id)).toEqual([]);
    tab.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await run(new Date(Date.parse(message.created_at) + 21 * MINUTE));
    expect(await mailsTo(owner.id)).toHaveLength(1);
  });

  it('sends once when two processes run the job at the same moment', async () => {
    const { owner, buyer, id } = await pair();
    const message = await send(buyer, id, 'Once, please');
    const at = new Date(Date.parse(message.created_at) + 20 * MINUTE);
    const deps = {
      db: testApp.database.db,
      notifications: testApp.app.notifications,
      isOnline: () => Promise.resolve(false),
    };
    await Promise.all([runChatMail(deps, at), runChatMail(deps, at), runChatMail(deps, at)]);
    expect(await mailsTo(owner.id)).toHaveLength(1);
  });
});
