import { createHash, createHmac } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRealtimeConfig } from '../src/realtime/realtime-config';
import { originAllowed } from '../src/realtime/websocket-endpoint';
import { errorMessage, RawSocket, startRealtimeApp, TEST_PUSHER, type RealtimeTestApp } from './realtime-support';

let testApp: RealtimeTestApp;
const sign = (text: string) => createHmac('sha256', TEST_PUSHER.PUSHER_APP_SECRET).update(text).digest('hex');
const auth = (text: string) => `${TEST_PUSHER.PUSHER_APP_KEY}:${sign(text)}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

beforeAll(async () => {
  testApp = await startRealtimeApp();
});
afterAll(() => testApp.close());

/** The connection still answers a ping: it survived whatever came before. */
async function stillServing(socket: RawSocket) {
  socket.send({ event: 'pusher:ping', data: {} });
  return (await socket.next('pusher:pong')).event;
}

describe('the WebSocket handshake', () => {
  it("accepts this site's pages and clients that send no Origin, and refuses other sites' pages with 403", async () => {
    const host = `127.0.0.1:${testApp.port}`;
    const same = await RawSocket.open(testApp.port, { origin: `http://${host}` });
    expect(await stillServing(same)).toBe('pusher:pong');
    same.close();
    await expect(RawSocket.open(testApp.port, { origin: 'https://evil.example' })).rejects.toThrow('403');
    await expect(RawSocket.open(testApp.port, { origin: `http://${host}.evil.example` })).rejects.toThrow('403');
    await expect(RawSocket.open(testApp.port, { origin: 'null' })).rejects.toThrow('403');
  });

  it("accepts PUBLIC_URL's pages too, where several processes share this server on a host of its own", () => {
    const resolved = resolveRealtimeConfig({ PUBLIC_URL: 'https://market.example' });
    const siteOrigin = 'config' in resolved && resolved.config.driver === 'embedded' ? resolved.config.siteOrigin : '';
    expect(siteOrigin).toBe('https://market.example');
    const from = (origin: string) => {
      const request = new IncomingMessage(new Socket());
      request.headers = { origin, host: 'realtime.internal:6001' };
      return request;
    };
    expect(originAllowed(from('https://market.example'), false, siteOrigin)).toBe(true);
    expect(originAllowed(from('https://market.example.evil.example'), false, siteOrigin)).toBe(false);
    expect(originAllowed(from('http://market.example'), false, siteOrigin)).toBe(false);
    expect(originAllowed(from('https://market.example'), false)).toBe(false);
  });

  it('closes connections to an unknown app key (4001) or without a protocol version (4008)', async () => {
    const wrongKey = await RawSocket.open(testApp.port, { path: '/app/not-our-key?protocol=7' });
    expect(await wrongKey.closed).toEqual({ code: 4001, reason: 'App key not-our-key does not exist' });
    const noProtocol = await RawSocket.open(testApp.port, { path: `/app/${TEST_PUSHER.PUSHER_APP_KEY}` });
    expect((await noProtocol.closed).code).toBe(4008);
    const tooNew = await RawSocket.open(testApp.port, { path: `/app/${TEST_PUSHER.PUSHER_APP_KEY}?protocol=99` });
    expect((await tooNew.closed).code).toBe(4007);
    await expect(RawSocket.open(testApp.port, { path: '/socket' })).rejects.toThrow('404');
  });
});

describe('subscriptions', () => {
  it('refuses a private channel with a forged signature, with Pusher error and subscription error', async () => {
    const { socket } = await RawSocket.connect(testApp.port);
    const answer = await socket.subscribe('private-user.1', `${TEST_PUSHER.PUSHER_APP_KEY}:${'0'.repeat(64)}`);
    expect(answer).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'AuthError', status: 401 } });
    expect(errorMessage(await socket.next('pusher:error'))).toContain('Invalid signature');
    expect(await socket.subscribe('private-user.1')).toMatchObject({ event: 'pusher:subscription_error' });
    expect(await stillServing(socket)).toBe('pusher:pong');
    socket.close();
  });

  it("refuses a signature replayed from another socket, or made with another app's key", async () => {
    const { socket: victim, socketId: victimId } = await RawSocket.connect(testApp.port);
    const { socket: attacker } = await RawSocket.connect(testApp.port);
    const stolen = auth(`${victimId}:private-user.1`);
    expect(await attacker.subscribe('private-user.1', stolen)).toMatchObject({ event: 'pusher:subscription_error' });
    const otherKey = `another-key:${sign(`${victimId}:private-user.1`)}`;
    expect(await victim.subscribe('private-user.1', otherKey)).toMatchObject({ event: 'pusher:subscription_error' });
    expect(await victim.subscribe('private-user.1', stolen)).toMatchObject({
      event: 'pusher_internal:subscription_succeeded',
    });
    victim.close();
    attacker.close();
  });

  it('refuses a presence subscription whose channel_data was changed after signing', async () => {
    const { socket, socketId } = await RawSocket.connect(testApp.port);
    const signed = JSON.stringify({ user_id: '7' });
    const answer = await socket.subscribe(
      'presence-room.1',
      auth(`${socketId}:presence-room.1:${signed}`),
      JSON.stringify({ user_id: '1' }),
    );
    expect(answer.event).toBe('pusher:subscription_error');
    socket.close();
  });

  it('refuses channel names longer than 200 characters and server-to-user channels of other users', async () => {
    const { socket } = await RawSocket.connect(testApp.port);
    expect(await socket.subscribe(`public-${'a'.repeat(200)}`)).toMatchObject({
      event: 'pusher:subscription_error',
      data: { type: 'InvalidChannel' },
    });
    expect(await socket.subscribe('#server-to-user-1')).toMatchObject({ event: 'pusher:subscription_error' });
    socket.close();
  });

  it('limits presence channels to 100 members', async () => {
    const sockets: RawSocket[] = [];
    const join = async (userId: number) => {
      const { socket, socketId } = await RawSocket.connect(testApp.port);
      sockets.push(socket);
      const data = JSON.stringify({ user_id: String(userId) });
      return socket.subscribe('presence-crowd', auth(`${socketId}:presence-crowd:${data}`), data);
    };
    for (let user = 1; user <= 100; user += 1) {
      expect((await join(user)).event).toBe('pusher_internal:subscription_succeeded');
    }
    expect(await join(101)).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'LimitReached' } });
    expect((await join(100)).event).toBe('pusher_internal:subscription_succeeded');
    for (const socket of sockets) socket.close();
  });
});

describe('what a misbehaving client sends', () => {
  it('answers malformed frames with pusher:error and keeps the connection', async () => {
    const { socket } = await RawSocket.connect(testApp.port);
    for (const frame of ['{not json', '[]', '"text"', '{"event": 42}', '{"event":"pusher:subscribe"}']) {
      socket.send(frame);
      expect(errorMessage(await socket.next('pusher:error')), frame).not.toBe('');
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(errorMessage(await socket.next('pusher:error'))).toContain('Binary');
    expect(await stillServing(socket)).toBe('pusher:pong');
    socket.close();
  });

  it('refuses client events on public channels, on channels not joined, and larger than 10 KB', async () => {
    const { socket, socketId } = await RawSocket.connect(testApp.port);
    await socket.subscribe('lobby');
    await socket.subscribe('private-room', auth(`${socketId}:private-room`));
    const attempts = [
      { event: 'client-hello', channel: 'lobby', data: {} },
      { event: 'client-hello', channel: 'private-elsewhere', data: {} },
      { event: 'client-hello', channel: 'private-room', data: 'x'.repeat(10 * 1024) },
    ];
    for (const attempt of attempts) {
      socket.send(attempt);
      expect(errorMessage(await socket.next('pusher:error'))).toContain('rejected');
    }
    socket.close();
  });

  it('closes a connection that sends a frame larger than 16 KiB (1009), and serves the others', async () => {
    const { socket } = await RawSocket.connect(testApp.port);
    const { socket: bystander } = await RawSocket.connect(testApp.port);
    socket.send({ event: 'client-big', channel: 'x', data: 'x'.repeat(17 * 1024) });
    expect((await socket.closed).code).toBe(1009);
    expect(await stillServing(bystander)).toBe('pusher:pong');
    bystander.close();
  });

  it('closes a connection flooding more than 200 frames a second, and serves the others', async () => {
    const { socket } = await RawSocket.connect(testApp.port);
    const { socket: bystander } = await RawSocket.connect(testApp.port);
    for (let frame = 0; frame < 300; frame += 1) socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.closed).code).toBe(4301);
    expect(await stillServing(bystander)).toBe('pusher:pong');
    bystander.close();
  });

  it('closes a connection whose frames are not valid UTF-8 (1007)', async () => {
    const { socket } = await RawSocket.connect(testApp.port);
    socket.ws.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false });
    expect((await socket.closed).code).toBe(1007);
  });
});

describe('the HTTP API', () => {
  const path = `/apps/${TEST_PUSHER.PUSHER_APP_ID}/events`;
  const body = JSON.stringify({ name: 'hello', channels: ['lobby'], data: '{}' });
  const signedQuery = (overrides: Record<string, string> = {}, payload = body) => {
    const params: Record<string, string> = {
      auth_key: TEST_PUSHER.PUSHER_APP_KEY,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: md5(payload),
      ...overrides,
    };
    const query = Object.keys(params)
      .sort()
      .map((name) => `${name}=${params[name] ?? ''}`)
      .join('&');
    return `${query}&auth_signature=${sign(`POST\n${path}\n${query}`)}`;
  };
  const post = (query: string, payload = body) =>
    testApp.app.inject({
      method: 'POST',
      url: `${path}?${query}`,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('accepts a correctly signed call', async () => {
    expect((await post(signedQuery())).statusCode).toBe(200);
  });

  it('refuses unsigned and badly signed calls with 401', async () => {
    expect((await post('')).statusCode).toBe(401);
    const forged = signedQuery().replace(/auth_signature=\w+/, () => `auth_signature=${'a'.repeat(64)}`);
    expect((await post(forged)).statusCode).toBe(401);
    expect((await post(signedQuery({ auth_key: 'another-key' }))).statusCode).toBe(401);
  });

  it('refuses a signed call whose body was swapped, or whose timestamp is stale', async () => {
    const swapped = JSON.stringify({ name: 'evil', channels: ['lobby'], data: '{}' });
    expect((await post(signedQuery(), swapped)).statusCode).toBe(401);
    const stale = String(Math.floor(Date.now() / 1000) - 601);
    expect((await post(signedQuery({ auth_timestamp: stale }))).statusCode).toBe(401);
  });

  it('answers 404 for another app id and 400 for an invalid event', async () => {
    const other = await testApp.app.inject({ method: 'GET', url: '/apps/another-app/channels' });
    expect(other.statusCode).toBe(404);
    const invalid = JSON.stringify({ name: 'hello', channels: ['not a channel!'], data: '{}' });
    expect((await post(signedQuery({}, invalid), invalid)).statusCode).toBe(400);
  });
});
