import { realtimeChannels } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './browser-like-client';
import {
  connected,
  joinedPresence,
  nextEvent,
  pusherClients,
  startRealtimeApp,
  subscribed,
  viaSdk,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';

let testApp: RealtimeTestApp;
const open = pusherClients();

beforeAll(async () => {
  testApp = await startRealtimeApp();
});
afterAll(() => testApp.close());

describe('the embedded Pusher server with pusher-js and the pusher SDK', () => {
  it('delivers an event triggered with the SDK to a public channel', async () => {
    const pusher = open(testApp.port);
    const channel = pusher.subscribe('market-news');
    await subscribed(channel);
    const received = nextEvent(channel, 'item.listed');
    await testApp.sdk.trigger('market-news', 'item.listed', { title: 'Blue armchair' });
    expect(await received).toEqual({ title: 'Blue armchair' });
  });

  it("subscribes to the user's private channel through /broadcasting/auth and receives its events", async () => {
    const { client, user } = await signedInClient(testApp.app);
    const pusher = open(testApp.port, viaSession(client));
    const channel = pusher.subscribe(realtimeChannels.user(user.id));
    await subscribed(channel);
    const received = nextEvent(channel, 'profile.updated');
    await testApp.app.realtime.publish(realtimeChannels.user(user.id), 'profile.updated', { user_id: user.id });
    expect(await received).toEqual({ user_id: user.id });
  });

  it("refuses another user's private channel: the subscription errors with the 403", async () => {
    const { client } = await signedInClient(testApp.app);
    const { user: other } = await signedInClient(testApp.app);
    const pusher = open(testApp.port, viaSession(client));
    await expect(subscribed(pusher.subscribe(realtimeChannels.user(other.id)))).rejects.toThrow('answered 403');
  });

  it('shows presence members to each other, and their joining and leaving', async () => {
    const amira = open(testApp.port, viaSdk(testApp.sdk, { user_id: '1', user_info: { name: 'Amira' } }));
    const first = amira.subscribe('presence-auction.7');
    const amiraSees = await joinedPresence(first);
    expect(amiraSees.count).toBe(1);

    const joined = nextEvent<{ id: string; info: unknown }>(first, 'pusher:member_added');
    const karim = open(testApp.port, viaSdk(testApp.sdk, { user_id: '2', user_info: { name: 'Karim' } }));
    const karimSees = await joinedPresence(karim.subscribe('presence-auction.7'));
    expect(await joined).toEqual({ id: '2', info: { name: 'Karim' } });
    expect(karimSees.count).toBe(2);
    expect(karimSees.get('1')).toEqual({ id: '1', info: { name: 'Amira' } });
    expect(amiraSees.count).toBe(2);

    const left = nextEvent<{ id: string }>(first, 'pusher:member_removed');
    karim.unsubscribe('presence-auction.7');
    expect(await left).toMatchObject({ id: '2' });
  });

  it('relays client events to the other subscribers, not back to the sender', async () => {
    const sender = open(testApp.port, viaSdk(testApp.sdk));
    const receiver = open(testApp.port, viaSdk(testApp.sdk));
    const [mine, theirs] = [sender.subscribe('private-chat.1'), receiver.subscribe('private-chat.1')];
    await Promise.all([subscribed(mine), subscribed(theirs)]);
    const echoed: unknown[] = [];
    mine.bind('client-typing', (data: unknown) => echoed.push(data));

    const received = nextEvent(theirs, 'client-typing');
    mine.trigger('client-typing', { typing: true });
    expect(await received).toEqual({ typing: true });
    // A server event sent afterwards arrives after any echo would have: there was none.
    const marker = nextEvent(mine, 'marker');
    await testApp.sdk.trigger('private-chat.1', 'marker', {});
    await marker;
    expect(echoed).toEqual([]);
  });

  it('refuses client events beyond 10 per second with Pusher error 4301', async () => {
    const sender = open(testApp.port, viaSdk(testApp.sdk));
    const receiver = open(testApp.port, viaSdk(testApp.sdk));
    const [mine, theirs] = [sender.subscribe('private-chat.2'), receiver.subscribe('private-chat.2')];
    await Promise.all([subscribed(mine), subscribed(theirs)]);
    const relayed: unknown[] = [];
    theirs.bind('client-move', (data: unknown) => relayed.push(data));
    const errors: unknown[] = [];
    sender.connection.bind('error', (error: unknown) => errors.push(error));

    for (let move = 1; move <= 15; move += 1) mine.trigger('client-move', { move });
    // The server reads one socket's frames in order and answers errors and subscriptions straight
    // away: once this later subscription succeeds, every answer to the 15 events has reached the sender.
    await subscribed(sender.subscribe('after-the-moves'));
    // Relayed events and SDK events share one delivery queue: the marker arrives after the relays.
    const marker = nextEvent(theirs, 'marker');
    await testApp.sdk.trigger('private-chat.2', 'marker', {});
    await marker;
    expect(relayed.length).toBeLessThanOrEqual(10);
    expect(errors).toContainEqual({
      type: 'PusherError',
      data: { code: 4301, message: 'Client event rejected due to rate limit' },
    });
    expect(sender.connection.state).toBe('connected');
  });

  it('does not send an event back to the socket that caused it (socket_id)', async () => {
    const actor = open(testApp.port);
    const watcher = open(testApp.port);
    const [own, other] = [actor.subscribe('bids'), watcher.subscribe('bids')];
    await Promise.all([subscribed(own), subscribed(other)]);
    const echoed: unknown[] = [];
    own.bind('bid.placed', (data: unknown) => echoed.push(data));

    const received = nextEvent(other, 'bid.placed');
    await testApp.sdk.trigger('bids', 'bid.placed', { amount: 10 }, { socket_id: await connected(actor) });
    await received;
    const marker = nextEvent(own, 'marker');
    await testApp.sdk.trigger('bids', 'marker', {});
    await marker;
    expect(echoed).toEqual([]);
  });

  it("signs a user in through /broadcasting/user-auth, and the SDK's sendToUser reaches them", async () => {
    const { client, user } = await signedInClient(testApp.app);
    const pusher = open(testApp.port, viaSession(client), viaSession(client, '/broadcasting/user-auth'));
    const received = new Promise((resolve) => pusher.user.bind('order.shipped', resolve));
    pusher.signin();
    await pusher.user.signinDonePromise;
    expect(pusher.user.user_data).toMatchObject({ id: String(user.id) });
    // The server-to-user channel is subscribed right after sign-in; the SDK's query sees it.
    await expect
      .poll(async () => {
        const info: unknown = await (await testApp.sdk.get({ path: `/channels/%23server-to-user-${user.id}` })).json();
        return info;
      })
      .toMatchObject({ occupied: true });
    await testApp.sdk.sendToUser(String(user.id), 'order.shipped', { order: 12 });
    expect(await received).toEqual({ order: 12 });
  });

  it("ends a signed-in user's connections when the SDK terminates them, and pusher-js does not come back", async () => {
    const { client, user } = await signedInClient(testApp.app);
    const pusher = open(testApp.port, viaSession(client), viaSession(client, '/broadcasting/user-auth'));
    pusher.signin();
    await pusher.user.signinDonePromise;
    const disconnected = new Promise((resolve) => pusher.connection.bind('disconnected', resolve));
    await testApp.sdk.terminateUserConnections(String(user.id));
    await disconnected;
    expect(pusher.connection.state).toBe('disconnected');
  });

  it('refuses events larger than 10 KB with 413, and delivers nothing', async () => {
    const pusher = open(testApp.port);
    const channel = pusher.subscribe('big-news');
    await subscribed(channel);
    const delivered: unknown[] = [];
    channel.bind('huge', (data: unknown) => delivered.push(data));
    await expect(testApp.sdk.trigger('big-news', 'huge', 'x'.repeat(10 * 1024 + 1))).rejects.toMatchObject({
      status: 413,
    });
    const marker = nextEvent(channel, 'marker');
    await testApp.sdk.trigger('big-news', 'marker', {});
    await marker;
    expect(delivered).toEqual([]);
  });

  it('delivers batches and answers channel queries', async () => {
    const pusher = open(testApp.port, viaSdk(testApp.sdk, { user_id: '42', user_info: { name: 'Layla' } }));
    const room = pusher.subscribe('presence-room.3');
    const lobby = pusher.subscribe('lobby');
    await Promise.all([subscribed(room), subscribed(lobby)]);
    const events = Promise.all([nextEvent(room, 'first'), nextEvent(lobby, 'second')]);
    await testApp.sdk.triggerBatch([
      { channel: 'presence-room.3', name: 'first', data: { n: 1 } },
      { channel: 'lobby', name: 'second', data: { n: 2 } },
    ]);
    expect(await events).toEqual([{ n: 1 }, { n: 2 }]);

    const info = await testApp.sdk.get({
      path: '/channels/presence-room.3',
      params: { info: 'user_count,subscription_count' },
    });
    expect(await info.json()).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    const users = await testApp.sdk.get({ path: '/channels/presence-room.3/users' });
    expect(await users.json()).toEqual({ users: [{ id: '42' }] });
    const list = await testApp.sdk.get({
      path: '/channels',
      params: { filter_by_prefix: 'presence-', info: 'user_count' },
    });
    expect(await list.json()).toMatchObject({ channels: { 'presence-room.3': { user_count: 1 } } });
  });
});
