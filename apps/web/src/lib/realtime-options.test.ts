import { describe, expect, it } from 'vitest';
import { pusherOptions } from './realtime-options';

const page = (url: string) => new URL(url);

describe('pusherOptions', () => {
  it('connects to the embedded server on the page’s own host and port, over WebSocket only', () => {
    const options = pusherOptions(
      { driver: 'embedded', key: 'marketplace' },
      page('http://localhost:3000/profile'),
      {},
    );
    expect(options).toMatchObject({ wsHost: 'localhost', wsPort: 3000, wssPort: 3000, forceTLS: false });
    expect(options.enabledTransports).toEqual(['ws', 'wss']);
  });

  it('uses the default port of the page’s scheme when the address has none', () => {
    expect(pusherOptions({ driver: 'embedded', key: 'k' }, page('https://shop.example/'), {})).toMatchObject({
      wsHost: 'shop.example',
      wssPort: 443,
    });
    expect(pusherOptions({ driver: 'embedded', key: 'k' }, page('http://shop.example/'), {})).toMatchObject({
      wsPort: 80,
    });
  });

  it('uses Pusher Channels by cluster, over TLS only', () => {
    const options = pusherOptions({ driver: 'pusher', key: 'k', cluster: 'eu' }, page('http://localhost:3000/'), {});
    expect(options).toMatchObject({ cluster: 'eu', forceTLS: true });
    expect(options).not.toHaveProperty('wsHost');
  });

  it('connects to another Pusher-compatible server at its host, port and scheme', () => {
    const config = { driver: 'self-hosted', key: 'k', host: 'rt.example', port: 6001, tls: true } as const;
    expect(pusherOptions(config, page('https://shop.example/'), {})).toMatchObject({
      wsHost: 'rt.example',
      wssPort: 6001,
      forceTLS: true,
    });
  });
});
