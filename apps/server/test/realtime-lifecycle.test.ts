import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { originatingSocketId } from '../src/realtime/originating-socket';
import { RealtimePublisher } from '../src/realtime/publisher';
import { realtime } from '../src/realtime/realtime-plugin';
import { RawSocket, startRealtimeApp, TEST_PUSHER } from './realtime-support';

const credentials = { appId: TEST_PUSHER.PUSHER_APP_ID, key: TEST_PUSHER.PUSHER_APP_KEY, secret: 'secret' };
const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** The embedded server alone, with heartbeats short enough to watch. */
async function serverWithHeartbeat(): Promise<number> {
  const app = Fastify();
  opened.push(app);
  await app.register(realtime, {
    config: { driver: 'embedded', ...credentials },
    trustProxy: false,
    limits: { maxConnections: 100, maxPerAddress: 100 },
    heartbeat: { activityTimeoutSeconds: 0.2, pongTimeoutSeconds: 0.2 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('heartbeats', () => {
  it('pings a silent client, keeps it while it answers, and closes it with 4201 when it does not', async () => {
    const port = await serverWithHeartbeat();
    const { socket } = await RawSocket.connect(port);
    await socket.next('pusher:ping');
    socket.send({ event: 'pusher:pong', data: {} });
    await socket.next('pusher:ping');
    expect((await socket.closed).code).toBe(4201);
  });

  it('answers a client ping with pong', async () => {
    const port = await serverWithHeartbeat();
    const { socket } = await RawSocket.connect(port);
    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next('pusher:pong')).event).toBe('pusher:pong');
    socket.close();
  });
});

describe('shutting down', () => {
  it('tells connected clients to reconnect (4200) and closes', async () => {
    const testApp = await startRealtimeApp();
    const { socket } = await RawSocket.connect(testApp.port);
    const closing = testApp.close();
    expect((await socket.closed).code).toBe(4200);
    await closing;
    expect(testApp.app.server.listening).toBe(false);
  });
});

describe('app.realtime.publish', () => {
  it('logs and resolves when the provider cannot be reached, never throwing into the request', async () => {
    const { log, lines } = recordingLogger();
    const publisher = new RealtimePublisher(
      { driver: 'self-hosted', ...credentials, host: '127.0.0.1', port: 9, scheme: 'http' },
      () => null,
      log,
    );
    await expect(publisher.publish('private-user.1', 'profile.updated', { user_id: 1 })).resolves.toBeUndefined();
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'realtime event not published', event: 'profile.updated' }),
    );
    publisher.close();
  });

  it('logs and resolves when the embedded server is not listening yet, or the event is refused', async () => {
    const { log, lines } = recordingLogger();
    const testApp = await startRealtimeApp();
    let listening = false;
    const publisher = new RealtimePublisher(
      {
        driver: 'embedded',
        appId: TEST_PUSHER.PUSHER_APP_ID,
        key: TEST_PUSHER.PUSHER_APP_KEY,
        secret: TEST_PUSHER.PUSHER_APP_SECRET,
      },
      () => (listening ? testApp.app.server.address() : null),
      log,
    );
    try {
      await publisher.publish('private-user.1', 'profile.updated', { user_id: 1 });
      expect(String(lines.pop()?.msg)).toContain('not listening');
      listening = true;
      await publisher.publish('private-user.1', 'profile.updated', { user_id: 1 });
      expect(lines).toEqual([]);
      await expect(publisher.publish('not a channel', 'profile.updated', { user_id: 1 })).resolves.toBeUndefined();
      const failure = lines.pop();
      expect(failure?.msg).toBe('realtime event not published');
      expect(String(failure?.reason)).toContain('Invalid channel name');
    } finally {
      publisher.close();
      await testApp.close();
    }
  });

  it('leaves out the tab whose request caused the event (X-Socket-ID), ignoring a malformed id', async () => {
    const testApp = await startRealtimeApp({}, (app) => {
      app.post('/test/publish', { config: { csrf: false } }, async (request) => {
        await app.realtime.publish(
          'lobby',
          'profile.updated',
          { user_id: 1 },
          {
            exceptSocketId: originatingSocketId(request),
          },
        );
        return {};
      });
    });
    try {
      const { socket: actor, socketId } = await RawSocket.connect(testApp.port);
      const { socket: other } = await RawSocket.connect(testApp.port);
      await Promise.all([actor.subscribe('lobby'), other.subscribe('lobby')]);
      const publish = (header: string) =>
        testApp.app.inject({ method: 'POST', url: '/test/publish', headers: { 'x-socket-id': header } });

      await publish(socketId);
      await other.next('profile.updated', 'lobby');
      await publish(`${socketId}:private-user.1`);
      await other.next('profile.updated', 'lobby');
      // The actor saw only the second event: the first left it out, the malformed id did not stop the second.
      await actor.next('profile.updated', 'lobby');
      expect(actor.messages.filter((message) => message.event === 'profile.updated')).toEqual([]);
      actor.close();
      other.close();
    } finally {
      await testApp.close();
    }
  });
});
