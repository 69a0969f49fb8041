import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openQuietConnection, rawExchange, statusOf } from './raw-http';
import { RawSocket, startRealtimeApp, type RealtimeTestApp } from './realtime-support';
import { createTestApp, listenOnLoopback, type TestApp } from './test-app';

/** The default (README): 256 open connections per client address. */
const CAP = 256;
const ANOTHER_ADDRESS = '127.0.0.2';

let testApp: TestApp;
let port: number;
beforeAll(async () => {
  testApp = await createTestApp();
  port = await listenOnLoopback(testApp.app);
});
afterAll(() => testApp.close());

const held: net.Socket[] = [];
afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
});
async function hold(count: number, onPort = port) {
  for (let opened = 0; opened < count; opened += 1) held.push(await openQuietConnection(onPort));
}

const refusedOrAnswered = (onPort: number) =>
  rawExchange(onPort, [{ afterMs: 0, data: 'GET /up HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' }]);

describe('open HTTP connections per client address', () => {
  it(`refuses the ${CAP + 1}th with 503 and closes it; another address is answered as usual`, async () => {
    await hold(CAP);
    const refused = await refusedOrAnswered(port);
    expect(refused.received).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.received).toContain('Too many connections from your address');

    expect(await statusOf(port, '/up', ANOTHER_ADDRESS)).toBe(200);

    // One closes: the address has room for one again.
    held.shift()?.destroy();
    await expect.poll(() => statusOf(port, '/up')).toBe(200);
  });

  it('lets a connection that became a WebSocket leave the count to the real-time caps', async () => {
    const realtime: RealtimeTestApp = await startRealtimeApp({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2' });
    try {
      const sockets = [await RawSocket.open(realtime.port), await RawSocket.open(realtime.port)];
      await hold(1, realtime.port);
      expect(await statusOf(realtime.port, '/up')).toBe(200);
      await hold(1, realtime.port);
      expect((await refusedOrAnswered(realtime.port)).received).toMatch(/^HTTP\/1\.1 503 /);
      for (const socket of sockets) socket.close();
    } finally {
      for (const socket of held.splice(0)) socket.destroy();
      await realtime.close();
    }
  });

  it('is off with HTTP_MAX_CONNECTIONS_PER_ADDRESS=0, and behind a trusted proxy (every connection is the proxy)', async () => {
    for (const env of [
      { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' },
      { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: 'true' },
    ]) {
      const uncapped = await createTestApp(env);
      try {
        const uncappedPort = await listenOnLoopback(uncapped.app);
        await hold(3, uncappedPort);
        expect(await statusOf(uncappedPort, '/up'), JSON.stringify(env)).toBe(200);
      } finally {
        for (const socket of held.splice(0)) socket.destroy();
        await uncapped.close();
      }
    }
  });
});
