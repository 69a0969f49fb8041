import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket, startRealtimeApp, type RealtimeTestApp } from './realtime-support';

let testApp: RealtimeTestApp;
beforeAll(async () => {
  testApp = await startRealtimeApp({ REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '3', REALTIME_MAX_CONNECTIONS: '5' });
});
afterAll(() => testApp.close());

async function closeAll(sockets: RawSocket[]) {
  for (const socket of sockets) {
    socket.ws.close();
    await socket.closed;
  }
}

describe('connection caps of the embedded server', () => {
  it('refuses a client beyond its share of connections with 429, and takes it again once one closes', async () => {
    const sockets = [
      await RawSocket.open(testApp.port),
      await RawSocket.open(testApp.port),
      await RawSocket.open(testApp.port),
    ];
    await expect(RawSocket.open(testApp.port)).rejects.toThrow('429');
    const [first, ...rest] = sockets;
    if (first) {
      first.ws.close();
      await first.closed;
    }
    const again = await RawSocket.open(testApp.port);
    await closeAll([again, ...rest]);
  });

  it('refuses everyone beyond the total with 503; behind a trusted proxy each client address has its share', async () => {
    const proxied = await startRealtimeApp({
      TRUST_PROXY: 'true',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '1',
      REALTIME_MAX_CONNECTIONS: '2',
    });
    try {
      const from = (address: string) => RawSocket.open(proxied.port, { forwardedFor: address });
      const first = await from('203.0.113.1');
      await expect(from('203.0.113.1')).rejects.toThrow('429');
      const second = await from('203.0.113.2');
      await expect(from('203.0.113.3')).rejects.toThrow('503');
      await closeAll([first, second]);
    } finally {
      await proxied.close();
    }
  });
});
