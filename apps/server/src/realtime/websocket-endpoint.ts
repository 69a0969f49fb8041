import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { closingResponse, ConnectionCaps, type ConnectionRefusal } from '../plugins/connection-caps';
import type { EmbeddedPusherServer } from './embedded-server';
import { SERVER_LIMITS } from './protocol';

export interface WebSocketEndpointOptions {
  server: EmbeddedPusherServer;
  /** Behind a trusted proxy, the page's host arrives in X-Forwarded-Host. */
  trustProxy: boolean;
  limits: { maxConnections: number; maxPerAddress: number };
  /** PUBLIC_URL's origin: the site's pages may connect whatever host this server answers on. */
  siteOrigin?: string | undefined;
}

const APP_PATH = /^\/app\/([^/]+)$/;

function rejectHandshake(socket: Duplex, status: number, message: string): void {
  socket.end(closingResponse(status, message), () => socket.destroy());
}

const REFUSALS: Record<ConnectionRefusal, { status: number; message: string }> = {
  'server-full': { status: 503, message: 'Too many connections to this server; try again later' },
  'address-full': { status: 429, message: 'Too many connections from your address' },
};

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Browsers always send Origin on a WebSocket handshake and always send the page's own: only pages of
 * this site may connect: of this host, or of `siteOrigin` (PUBLIC_URL's, when the server is shared
 * by several processes from a host of its own). Clients that are not browsers send none (and could
 * send anything).
 */
export function originAllowed(request: IncomingMessage, trustProxy: boolean, siteOrigin?: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || (siteOrigin !== undefined && origin === siteOrigin)) return true;
  const host =
    (trustProxy ? firstValue(request.headers['x-forwarded-host'])?.split(',')[0]?.trim() : undefined) ??
    request.headers.host;
  if (!host) return false;
  try {
    const page = new URL(origin);
    return new URL(`${page.protocol}//${host}`).host === page.host;
  } catch {
    return false;
  }
}

/**
 * The WebSocket side of the embedded server at /app/{key}. It takes the HTTP server's upgrade
 * requests directly with `ws` (half the memory per connection of going through Fastify's request
 * cycle, and no session lookup per handshake); any other upgrade path gets 404.
 */
export function attachWebSocketEndpoint(
  app: FastifyInstance,
  { server, trustProxy, limits, siteOrigin }: WebSocketEndpointOptions,
): void {
  const caps = new ConnectionCaps({ ...limits, trustProxy });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: SERVER_LIMITS.maxFrameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      rejectHandshake(socket, 400, 'Bad request');
      return;
    }
    const key = APP_PATH.exec(url.pathname)?.[1];
    if (key === undefined) {
      rejectHandshake(socket, 404, 'Not found: connect to /app/{key}');
      return;
    }
    if (!originAllowed(request, trustProxy, siteOrigin)) {
      app.log.info({ origin: request.headers.origin }, 'realtime handshake refused: foreign origin');
      rejectHandshake(socket, 403, 'Origin not allowed');
      return;
    }
    const address = caps.clientAddress(request);
    const refused = caps.refusal(address);
    if (refused) {
      const refusal = REFUSALS[refused];
      app.log.warn({ address, status: refusal.status }, 'realtime handshake refused: connection cap');
      rejectHandshake(socket, refusal.status, refusal.message);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.once('close', caps.opened(address));
      server.accept(ws, key, url.searchParams.get('protocol'));
    });
  };

  app.server.on('upgrade', onUpgrade);
  // Before the HTTP server closes: open WebSockets would otherwise keep it from closing.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await server.close();
    wss.close();
  });
}
