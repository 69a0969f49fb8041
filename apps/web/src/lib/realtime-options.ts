import type { RealtimePublicConfig } from '@marketplace/contracts';
import type { Options } from 'pusher-js';

/** Where the page itself was served from: the embedded server answers on the same host and port. */
export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

type Authorisation = Pick<Options, 'channelAuthorization' | 'userAuthentication'>;

/**
 * pusher-js options for the configured provider. WebSocket only (no HTTP fallbacks to third-party
 * hosts); Pusher Channels over TLS only; the embedded server on the page's own scheme and port.
 */
export function pusherOptions(config: RealtimePublicConfig, page: PageLocation, auth: Authorisation): Options {
  const common = { ...auth, enabledTransports: ['ws', 'wss'] } satisfies Partial<Options>;
  switch (config.driver) {
    case 'pusher':
      return { ...common, cluster: config.cluster, forceTLS: true };
    case 'self-hosted':
      return {
        ...common,
        // Required by pusher-js's types; the host below is what it connects to.
        cluster: 'eu',
        wsHost: config.host,
        wsPort: config.port,
        wssPort: config.port,
        forceTLS: config.tls,
      };
    case 'embedded': {
      const secure = page.protocol === 'https:';
      const port = Number(page.port) || (secure ? 443 : 80);
      // pusher-js picks wss on an https page by itself; forceTLS would refuse plain http in development.
      return { ...common, cluster: 'eu', wsHost: page.hostname, wsPort: port, wssPort: port, forceTLS: false };
    }
  }
}
