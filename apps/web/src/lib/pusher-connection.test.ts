import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PusherConnection, type PusherConnectionOptions, type SocketLike } from './pusher-connection';

/** A WebSocket that stays in the test: it records what the client sends and lets the test answer. */
class FakeSocket implements SocketLike {
  readyState = 1;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  readonly sent: { event: string; data: Record<string, unknown> }[] = [];
  closedByClient = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as { event: string; data: Record<string, unknown> });
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  /** The server says something: `data` goes as a JSON string, as Pusher sends events. */
  receive(event: string, data: unknown, channel?: string): void {
    this.message(JSON.stringify({ event, data: JSON.stringify(data), ...(channel && { channel }) }));
  }

  message(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  established(socketId = '123.456', activityTimeout = 120): void {
    this.receive('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeout });
  }

  /** The server or the network ends the connection. */
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  events(name: string) {
    return this.sent.filter((frame) => frame.event === name).map((frame) => frame.data);
  }
}

let sockets: FakeSocket[];
const latest = () => sockets.at(-1) as FakeSocket;

function connection(options: Partial<PusherConnectionOptions> = {}) {
  return new PusherConnection({
    url: 'ws://shop.example/app/key?protocol=7',
    authorize: () => Promise.resolve({ auth: 'key:signature' }),
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...options,
  });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PusherConnection', () => {
  it('subscribes to a public channel once connected, and hands its events, parsed, to the listener', () => {
    const client = connection();
    const heard: unknown[] = [];
    client.subscribe('listing.7', (event, data) => heard.push([event, data]));
    expect(latest().sent).toEqual([]); // Nothing goes out before the server has said hello.

    latest().established('1.2');
    expect(client.socketId).toBe('1.2');
    expect(latest().events('pusher:subscribe')).toEqual([{ channel: 'listing.7' }]);

    latest().receive('pusher_internal:subscription_succeeded', {}, 'listing.7');
    latest().receive('listing.updated', { listing_id: 7 }, 'listing.7');
    latest().receive('listing.updated', { listing_id: 8 }, 'listing.8');
    expect(heard).toEqual([['listing.updated', { listing_id: 7 }]]);
  });

  it('signs a private channel for this socket before subscribing with the signature', async () => {
    const authorize = vi.fn(() => Promise.resolve({ auth: 'key:abc' }));
    const client = connection({ authorize });
    latest().established('9.9');
    client.subscribe('private-user.4', () => undefined);

    expect(authorize).toHaveBeenCalledWith('9.9', 'private-user.4');
    await vi.waitFor(() =>
      expect(latest().events('pusher:subscribe')).toEqual([{ channel: 'private-user.4', auth: 'key:abc' }]),
    );
  });

  it('drops a signature that arrives after its connection was lost, and signs again for the new one', async () => {
    let sign: (value: { auth: string }) => void = () => undefined;
    const authorize = vi.fn((socketId: string) =>
      socketId === '1.1'
        ? new Promise<{ auth: string }>((resolve) => (sign = resolve))
        : Promise.resolve({ auth: 'new' }),
    );
    const client = connection({ authorize });
    latest().established('1.1');
    client.subscribe('private-user.4', () => undefined);
    const first = latest();
    first.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    latest().established('2.2');
    sign({ auth: 'old' });
    await vi.waitFor(() =>
      expect(latest().events('pusher:subscribe')).toEqual([{ channel: 'private-user.4', auth: 'new' }]),
    );
    expect(first.events('pusher:subscribe')).toEqual([]);
  });

  it('answers a ping with a pong', () => {
    connection();
    latest().established();
    latest().receive('pusher:ping', {});
    expect(latest().events('pusher:pong')).toEqual([{}]);
  });

  it('pings after the server’s activity time-out, and a missing pong ends the connection for a new one', async () => {
    connection();
    latest().established('1.1', 10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(latest().events('pusher:ping')).toEqual([{}]);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets[0]?.closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
  });

  it('a pong in time keeps the connection', async () => {
    connection();
    latest().established('1.1', 10);
    await vi.advanceTimersByTimeAsync(10_000);
    latest().receive('pusher:pong', {});
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets).toHaveLength(1);
    expect(latest().closedByClient).toBe(false);
  });

  it('reconnects after a lost connection, backing off, resubscribes and says so once the server confirms each channel', async () => {
    const rejoined = vi.fn();
    const client = connection({ onRejoined: rejoined });
    client.subscribe('listing.7', () => undefined);
    latest().established();
    latest().receive('pusher_internal:subscription_succeeded', {}, 'listing.7');
    expect(rejoined).not.toHaveBeenCalled();

    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2); // The first retry waits between 0.5 and 1 s.
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2); // The second waits 1 to 2 s.
    await vi.advanceTimersByTimeAsync(1001);
    expect(sockets).toHaveLength(3);

    latest().established('3.3');
    expect(latest().events('pusher:subscribe')).toEqual([{ channel: 'listing.7' }]);
    // Joined again only when the server says so: an event before that would reach nobody.
    expect(rejoined).not.toHaveBeenCalled();
    latest().receive('pusher_internal:subscription_succeeded', {}, 'listing.7');
    latest().receive('pusher_internal:subscription_succeeded', {}, 'listing.7');
    expect(rejoined.mock.calls).toEqual([['listing.7']]);
  });

  it('reconnects at once when the server asks (4200–4299)', async () => {
    connection();
    latest().established();
    latest().drop(4200);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
  });

  it('gives up for good when the server refuses the page (4000–4099: a wrong key)', async () => {
    connection();
    latest().drop(4001);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('after this tab’s session is replaced, connects again and signs its private channels anew, even after 4009', async () => {
    const signatures: string[] = [];
    const client = connection({
      authorize: (socketId, channel) => {
        signatures.push(`${socketId}:${channel}`);
        return Promise.resolve({ auth: 'key:signature' });
      },
    });
    latest().established('1.1');
    client.subscribe('private-user.7', () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    // The server ends what the old session signed: for good, as far as the connection can tell.
    latest().drop(4009);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);

    client.renew();
    expect(sockets).toHaveLength(2);
    latest().established('2.2');
    await vi.advanceTimersByTimeAsync(0);
    expect(signatures).toEqual(['1.1:private-user.7', '2.2:private-user.7']);
    expect(latest().events('pusher:subscribe')).toEqual([{ channel: 'private-user.7', auth: 'key:signature' }]);
  });

  it('says when the server ends the connection because its session ended (4009), and only then', async () => {
    let ended = 0;
    connection({ onUnauthorized: () => (ended += 1) });
    latest().established();
    latest().drop(4001);
    expect(ended).toBe(0);

    const other = connection({ onUnauthorized: () => (ended += 1) });
    latest().established();
    latest().drop(4009);
    expect(ended).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    // It stays closed until the page renews it (signed in still) or disconnects it (signed out).
    expect(sockets).toHaveLength(2);
    other.renew();
    expect(sockets).toHaveLength(3);
  });

  it('unsubscribes when the last listener of a channel stops, not before', () => {
    const client = connection();
    latest().established();
    const stopFirst = client.subscribe('listing.7', () => undefined);
    const stopSecond = client.subscribe('listing.7', () => undefined);
    expect(latest().events('pusher:subscribe')).toHaveLength(1);

    stopFirst();
    expect(latest().events('pusher:unsubscribe')).toEqual([]);
    stopSecond();
    expect(latest().events('pusher:unsubscribe')).toEqual([{ channel: 'listing.7' }]);
  });

  it('disconnect closes the connection and nothing reconnects', async () => {
    const client = connection();
    latest().established();
    client.disconnect();
    expect(latest().closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    expect(client.socketId).toBeNull();
  });

  it('ignores frames that are not the protocol’s', () => {
    const client = connection();
    const heard = vi.fn();
    client.subscribe('listing.7', heard);
    latest().established();
    latest().message('not json');
    latest().message(JSON.stringify({ channel: 'listing.7' }));
    latest().message(new ArrayBuffer(2));
    latest().receive('pusher_internal:member_added', { user_id: '1' }, 'listing.7');
    expect(heard).not.toHaveBeenCalled();
  });
});
