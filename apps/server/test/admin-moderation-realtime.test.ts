import { CHAT_API, realtimeChannels } from '@marketplace/contracts';
import { QUEUE_CHANGED_EVENT, STAFF_CHANNEL } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { liveListing, seller } from './fixtures/catalogue';
import { acted, reportListing } from './fixtures/moderation';
import { totpAt } from '../src/modules/staff/totp';
import { staffClient, type StaffClient } from './fixtures/staff';
import {
  nextEvent,
  pusherClients,
  startRealtimeApp,
  subscribed,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';

let testApp: RealtimeTestApp;
let moderator: StaffClient;
const open = pusherClients();

beforeAll(async () => {
  testApp = await startRealtimeApp();
  await seedReferenceData(testApp.database.db);
  moderator = await staffClient(testApp.app, 'moderator');
});
afterAll(() => testApp.close());

/** The staff channel, subscribed through `member`'s session as the back-office does. */
async function staffChannel(member: StaffClient) {
  const pusher = open(testApp.port, viaSession(member.client));
  const channel = pusher.subscribe(STAFF_CHANNEL);
  await subscribed(channel);
  return channel;
}

describe('the staff channel', () => {
  it('is refused to anyone without a staff role, as any channel that is not theirs', async () => {
    const { client } = await signedInClient(testApp.app);
    const auth = (channel: string) =>
      client.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: channel });
    const refused = await auth(STAFF_CHANNEL);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe((await auth(realtimeChannels.user(2147483647))).body);
    // A staff member of any role may listen.
    const support = await staffClient(testApp.app, 'support');
    const pusher = open(testApp.port, viaSession(support.client));
    await subscribed(pusher.subscribe(STAFF_CHANNEL));
  });

  it('is refused, as to anyone else, to staff whose session has not passed the second factor in the last 12 hours', async () => {
    const { client: user } = await signedInClient(testApp.app);
    const auth = (client: BrowserLikeClient) =>
      client.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: STAFF_CHANNEL });
    const refusedToUser = await auth(user);
    expect(refusedToUser.statusCode).toBe(403);

    // A role, and no second factor set up yet.
    const unset = await staffClient(testApp.app, 'admin', { secondFactor: false });
    const refused = await auth(unset.client);
    expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 403, body: refusedToUser.body });

    // Passed 12 hours and a minute ago: the back-office asks for a code again, and so does the channel.
    const member = await staffClient(testApp.app, 'moderator');
    expect((await auth(member.client)).statusCode).toBe(200);
    await testApp.database.db
      .updateTable('sessions')
      .set({ second_factor_at: new Date(Date.now() - (12 * 60 + 1) * 60_000) })
      .where('user_id', '=', member.user.id)
      .execute();
    expect((await member.client.get('/api/admin/moderation')).statusCode).toBe(403);
    const lapsed = await auth(member.client);
    expect({ status: lapsed.statusCode, body: lapsed.body }).toEqual({ status: 403, body: refusedToUser.body });

    // A new code, and the channel is theirs again.
    const code = totpAt(member.secret, Date.now() + 30_000);
    expect((await member.client.post('/api/admin/second-factor/verify', { code })).statusCode).toBe(204);
    await subscribed(open(testApp.port, viaSession(member.client)).subscribe(STAFF_CHANNEL));
  });

  it('tells staff of every report as it arrives, of listings, conversations and people, and of every action', async () => {
    const channel = await staffChannel(moderator);
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    const { client: reporter } = await signedInClient(testApp.app);

    let heard = nextEvent(channel, QUEUE_CHANGED_EVENT);
    await reportListing(reporter, listing.id, 'scam');
    expect(await heard).toEqual({ type: 'listing', id: listing.id });

    const buyer = await seller(testApp);
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const conversationId = started.json<{ data: { id: number } }>().data.id;
    heard = nextEvent(channel, QUEUE_CHANGED_EVENT);
    expect((await buyer.client.post(CHAT_API.report(conversationId), { reason: 'Rude' })).statusCode).toBe(201);
    expect(await heard).toEqual({ type: 'conversation', id: conversationId });

    heard = nextEvent(channel, QUEUE_CHANGED_EVENT);
    expect((await reporter.post(`/api/users/${owner.id}/report`, { reason: 'spam' })).statusCode).toBe(201);
    expect(await heard).toEqual({ type: 'user', id: owner.id });

    heard = nextEvent(channel, QUEUE_CHANGED_EVENT);
    await acted(moderator.client, 'listing', listing.id, { action: 'dismiss', reason: 'no_violation' });
    expect(await heard).toEqual({ type: 'listing', id: listing.id });
  });
});

describe('a suspension', () => {
  it('closes the suspended person’s sockets at once, on every device', async () => {
    const { client: laptop, user, registration } = await signedInClient(testApp.app);
    const phone = new BrowserLikeClient(testApp.app);
    await phone.visit('/login');
    expect(
      (await phone.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
    const sockets = [];
    for (const client of [laptop, phone]) {
      const pusher = open(testApp.port, viaSession(client));
      await subscribed(pusher.subscribe(realtimeChannels.user(user.id)));
      sockets.push({
        ended: new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve)),
        disconnected: new Promise((resolve) => pusher.connection.bind('disconnected', resolve)),
      });
    }
    await acted(moderator.client, 'user', user.id, { action: 'suspend', reason: 'harassment', days: 3 });
    for (const socket of sockets) {
      expect(await socket.ended).toEqual({
        type: 'PusherError',
        data: { code: 4009, message: 'The session that authorised this connection has ended' },
      });
      await socket.disconnected;
    }
    for (const client of [laptop, phone]) expect((await client.get('/user')).statusCode).toBe(401);
  });
});
