import { describe, expect, it } from 'vitest';
import { socketUrl } from './realtime-options';

const page = (url: string) => new URL(url);
const query = '?protocol=7&client=js&version=8.4.0&flash=false';

describe('socketUrl', () => {
  it('connects to the embedded server on the page’s own host and port', () => {
    expect(socketUrl({ driver: 'embedded', key: 'marketplace' }, page('http://localhost:3000/profile'))).toBe(
      `ws://localhost:3000/app/marketplace${query}`,
    );
  });

  it('uses TLS to the embedded server when the page came over TLS, on the scheme’s default port', () => {
    expect(socketUrl({ driver: 'embedded', key: 'k' }, page('https://shop.example/'))).toBe(
      `wss://shop.example/app/k${query}`,
    );
  });

  it('uses Pusher Channels by cluster, over TLS only, whatever the page’s scheme', () => {
    expect(socketUrl({ driver: 'pusher', key: 'k', cluster: 'eu' }, page('http://localhost:3000/'))).toBe(
      `wss://ws-eu.pusher.com:443/app/k${query}`,
    );
  });

  it('connects to another Pusher-compatible server at its host, port and scheme', () => {
    const config = { driver: 'self-hosted', key: 'k', host: 'rt.example', port: 6001, tls: true } as const;
    expect(socketUrl(config, page('https://shop.example/'))).toBe(`wss://rt.example:6001/app/k${query}`);
    expect(socketUrl({ ...config, tls: false }, page('https://shop.example/'))).toBe(
      `ws://rt.example:6001/app/k${query}`,
    );
  });

  it('escapes a key that is not URL-safe', () => {
    expect(socketUrl({ driver: 'embedded', key: 'a/b' }, page('http://localhost:3000/'))).toContain('/app/a%2Fb?');
  });
});
