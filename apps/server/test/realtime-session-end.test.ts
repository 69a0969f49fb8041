import { realtimeChannels } from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import {
  nextEvent,
  pusherClients,
  startRealtimeApp,
  subscribed,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';

let testApp: RealtimeTestApp;
const open = pusherClients();

beforeAll(async () => {
  testApp = await startRealtimeApp();
});
afterAll(() => testApp.close());

/** The user's private channel, subscribed through `client`'s session; and the socket's error, when it comes. */
async function listeningAs(client: BrowserLikeClient, userId: number) {
  const pusher = open(testApp.port, viaSession(client));
  const channel = pusher.subscribe(realtimeChannels.user(userId));
  await subscribed(channel);
  const ended = new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve));
  const disconnected = new Promise((resolve) => pusher.connection.bind('disconnected', resolve));
  return { pusher, channel, ended, disconnected };
}

describe('a session that ends takes the real-time connections it authorised with it', () => {
  it('at logout: that session’s socket is closed with 4009; the user’s other session and other sockets go on', async () => {
    const { client: laptop, user, registration } = await signedInClient(testApp.app);
    const phone = new BrowserLikeClient(testApp.app);
    await phone.visit('/login');
    expect(
      (await phone.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);

    const onLaptop = await listeningAs(laptop, user.id);
    const onPhone = await listeningAs(phone, user.id);
    const visitor = open(testApp.port);
    await subscribed(visitor.subscribe('market-news'));

    expect((await laptop.post('/logout')).statusCode).toBe(204);
    expect(await onLaptop.ended).toEqual({
      type: 'PusherError',
      data: { code: 4009, message: 'The session that authorised this connection has ended' },
    });
    await onLaptop.disconnected;

    const received = nextEvent(onPhone.channel, 'profile.updated');
    await testApp.app.realtime.publish(realtimeChannels.user(user.id), 'profile.updated', { user_id: user.id });
    expect(await received).toEqual({ user_id: user.id });
    expect(visitor.connection.state).toBe('connected');
  });

  it('at expiry: the sweep that deletes an expired session closes its sockets too', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const listening = await listeningAs(client, user.id);
    await sql`update sessions set last_activity_at = now() - interval '400 days' where user_id = ${user.id}`.execute(
      testApp.app.db,
    );
    await testApp.app.sessions.pruneExpired();
    await listening.disconnected;
    expect((await client.get('/user')).statusCode).toBe(401);
  });

  it('at account deletion: every session of the user ends, and with them every socket they authorised', async () => {
    const { client: laptop, user, registration } = await signedInClient(testApp.app);
    const phone = new BrowserLikeClient(testApp.app);
    await phone.visit('/login');
    expect(
      (await phone.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
    const onLaptop = await listeningAs(laptop, user.id);
    const onPhone = await listeningAs(phone, user.id);

    expect((await laptop.post('/api/account/delete', { password: registration.password })).statusCode).toBe(204);
    for (const socket of [onLaptop, onPhone]) {
      expect(await socket.ended).toEqual({
        type: 'PusherError',
        data: { code: 4009, message: 'The session that authorised this connection has ended' },
      });
      await socket.disconnected;
    }
  });
});
