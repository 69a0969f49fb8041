import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EmbeddedPusherServer } from './embedded-server';
import { httpApiRoutes } from './http-api';
import { RealtimePublisher } from './publisher';
import type { RealtimeConfig } from './realtime-config';
import { attachWebSocketEndpoint } from './websocket-endpoint';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes events and signs channel access; see RealtimePublisher.publish. */
    realtime: RealtimePublisher;
  }
}

export interface RealtimeOptions {
  config: RealtimeConfig;
  trustProxy: boolean;
  /** Caps on the embedded server's open WebSockets (REALTIME_MAX_CONNECTIONS and _PER_ADDRESS). */
  limits: { maxConnections: number; maxPerAddress: number };
  /** Heartbeat timings of the embedded server; the defaults are Pusher's (120 s, 30 s). */
  heartbeat?: { activityTimeoutSeconds?: number; pongTimeoutSeconds?: number };
}

/**
 * Real time over the Pusher protocol. With no PUSHER_HOST the embedded server runs in this process
 * (WebSocket at /app/{key}, HTTP API at /apps/{id}); otherwise events go to the configured provider.
 */
export const realtime = fp(
  async (app: FastifyInstance, { config, trustProxy, limits, heartbeat }: RealtimeOptions) => {
    let server: EmbeddedPusherServer | undefined;
    if (config.driver === 'embedded') {
      server = new EmbeddedPusherServer({ ...config, ...heartbeat, log: app.log });
      attachWebSocketEndpoint(app, { server, trustProxy, limits, siteOrigin: config.siteOrigin });
      await app.register(httpApiRoutes, { server });
    }
    const listeningAddress = (): AddressInfo | string | null => (app.server.listening ? app.server.address() : null);
    const publisher = new RealtimePublisher(config, listeningAddress, app.log, server);
    app.decorate('realtime', publisher);
    // A session that ends (logout, a new login, expiry) takes the connections it authorised with it.
    // (Tests of the real-time server alone run it without the app's sessions.)
    if (app.hasDecorator('sessions')) app.sessions.onSessionEnded((sessionId) => publisher.endSession(sessionId));
    app.addHook('onClose', async () => {
      publisher.close();
      return Promise.resolve();
    });
  },
  { name: 'realtime' },
);
