import type { RealtimePublicConfig } from '@marketplace/contracts/realtime-essentials';

/** Where the page itself was served from: the embedded server answers on the same host and port. */
export interface PageLocation {
  protocol: string;
  host: string;
}

/** Protocol 7, and the client and version a server's logs and version checks expect of pusher-js. */
const QUERY = 'protocol=7&client=js&version=8.4.0&flash=false';

/**
 * The WebSocket address of the configured provider: Pusher Channels by cluster over TLS only; any
 * other Pusher-compatible server at its host, port and scheme; the embedded server on the page's
 * own host and port, over TLS when the page is.
 */
export function socketUrl(config: RealtimePublicConfig, page: PageLocation): string {
  const key = encodeURIComponent(config.key);
  switch (config.driver) {
    case 'pusher':
      return `wss://ws-${config.cluster}.pusher.com:443/app/${key}?${QUERY}`;
    case 'self-hosted':
      return `${config.tls ? 'wss' : 'ws'}://${config.host}:${config.port}/app/${key}?${QUERY}`;
    case 'embedded':
      return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}/app/${key}?${QUERY}`;
  }
}
