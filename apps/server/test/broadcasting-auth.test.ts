import { createHmac } from 'node:crypto';
import { realtimeChannels } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { TEST_PUSHER } from './realtime-support';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
const SOCKET_ID = '123456.7890';
const hmac = (text: string) => createHmac('sha256', TEST_PUSHER.PUSHER_APP_SECRET).update(text).digest('hex');

beforeAll(async () => {
  testApp = await createTestApp(TEST_PUSHER);
});
afterAll(() => testApp.close());

describe('POST /broadcasting/auth', () => {
  it("signs the user's own private channel, exactly as Pusher defines the signature", async () => {
    const { client, user } = await signedInClient(testApp.app);
    const channel = realtimeChannels.user(user.id);
    const response = await client.post('/broadcasting/auth', { socket_id: SOCKET_ID, channel_name: channel });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: `${TEST_PUSHER.PUSHER_APP_KEY}:${hmac(`${SOCKET_ID}:${channel}`)}` });
  });

  it("refuses another user's private channel with 403 and signs nothing", async () => {
    const { client } = await signedInClient(testApp.app);
    const { user: other } = await signedInClient(testApp.app);
    const response = await client.post('/broadcasting/auth', {
      socket_id: SOCKET_ID,
      channel_name: realtimeChannels.user(other.id),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('refuses channels no rule names, and public ones, with 403', async () => {
    const { client } = await signedInClient(testApp.app);
    for (const channel of ['private-admin', 'presence-everyone', 'private-encrypted-user.1', 'news']) {
      const response = await client.post('/broadcasting/auth', { socket_id: SOCKET_ID, channel_name: channel });
      expect(response.statusCode, channel).toBe(403);
    }
  });

  it('joins presence as the session user whatever the request claims, without e-mail or phone', async () => {
    const { client, user, registration } = await signedInClient(testApp.app);
    const channel = realtimeChannels.userPresence(user.id);
    const response = await client.post('/broadcasting/auth', {
      socket_id: SOCKET_ID,
      channel_name: channel,
      channel_data: JSON.stringify({ user_id: '1', user_info: { name: 'Someone else' } }),
    });
    expect(response.statusCode).toBe(200);
    const { auth, channel_data: channelData } = response.json<{ auth: string; channel_data: string }>();
    expect(JSON.parse(channelData)).toEqual({
      user_id: String(user.id),
      user_info: { name: `${registration.first_name} ${registration.last_name}`, avatar: null },
    });
    expect(channelData).not.toContain(registration.email);
    expect(auth).toBe(`${TEST_PUSHER.PUSHER_APP_KEY}:${hmac(`${SOCKET_ID}:${channel}:${channelData}`)}`);
  });

  it('answers 401 when signed out, before looking at the request', async () => {
    const guest = new BrowserLikeClient(testApp.app);
    await guest.visit('/');
    const response = await guest.post('/broadcasting/auth', { socket_id: SOCKET_ID, channel_name: 'private-user.1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 419 without the CSRF token', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const response = await client.request(
      'POST',
      '/broadcasting/auth',
      { socket_id: SOCKET_ID, channel_name: realtimeChannels.user(user.id) },
      { csrf: false },
    );
    expect(response.statusCode).toBe(419);
  });

  it('answers 422 for a malformed socket id or channel name, and signs nothing', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const own = realtimeChannels.user(user.id);
    const cases = [
      [{ socket_id: '123:456', channel_name: own }, 'socket_id', 'The socket id field format is invalid.'],
      [{ socket_id: `${SOCKET_ID}:${own}`, channel_name: own }, 'socket_id', 'The socket id field format is invalid.'],
      [{ socket_id: SOCKET_ID, channel_name: `${own}:x` }, 'channel_name', 'The channel name field format is invalid.'],
      [
        { socket_id: SOCKET_ID, channel_name: `private-${'a'.repeat(200)}` },
        'channel_name',
        'The channel name field must not be greater than 200 characters.',
      ],
      [{ channel_name: own }, 'socket_id', 'The socket id field is required.'],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await client.post('/broadcasting/auth', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(errors[field]?.[0]).toBe(message);
      expect(response.json()).not.toHaveProperty('auth');
    }
  });

  it("accepts pusher-js's own form-encoded body", async () => {
    const { client, user } = await signedInClient(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-csrf-token': client.csrfToken ?? '',
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      payload: new URLSearchParams({ socket_id: SOCKET_ID, channel_name: realtimeChannels.user(user.id) }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('auth');
  });
});

describe('POST /broadcasting/user-auth', () => {
  it('signs the session user for sign-in, with no e-mail or phone in the user data', async () => {
    const { client, user, registration } = await signedInClient(testApp.app);
    const response = await client.post('/broadcasting/user-auth', { socket_id: SOCKET_ID, id: '1' });
    expect(response.statusCode).toBe(200);
    const { auth, user_data: userData } = response.json<{ auth: string; user_data: string }>();
    expect(JSON.parse(userData)).toEqual({
      id: String(user.id),
      user_info: { name: `${registration.first_name} ${registration.last_name}`, avatar: null },
    });
    expect(auth).toBe(`${TEST_PUSHER.PUSHER_APP_KEY}:${hmac(`${SOCKET_ID}::user::${userData}`)}`);
  });

  it('answers 401 when signed out and 422 for a malformed socket id', async () => {
    const guest = new BrowserLikeClient(testApp.app);
    await guest.visit('/');
    expect((await guest.post('/broadcasting/user-auth', { socket_id: SOCKET_ID })).statusCode).toBe(401);
    const { client } = await signedInClient(testApp.app);
    expect((await client.post('/broadcasting/user-auth', { socket_id: 'abc' })).statusCode).toBe(422);
  });
});
