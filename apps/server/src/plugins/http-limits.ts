import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { closingResponse, ConnectionCaps } from './connection-caps';

export interface HttpLimits {
  /** A request's headers must have arrived this long after it started, else 408. */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived this long after it started, else 408. */
  requestTimeoutMs: number;
  /** The same for a route that takes an upload (config.upload): a photo from a phone on a slow network. */
  uploadTimeoutMs: number;
  /** A socket with nothing coming or going this long in the middle of a request closes. */
  idleTimeoutMs: number;
  /** Open HTTP connections one client address may hold; 0 for no cap. */
  maxConnectionsPerAddress: number;
}

/**
 * The Node HTTP server's own limits, passed through Fastify. Node answers 408 and closes for the
 * first two, its whole-request limit being the uploads' (requestTimeLimit holds every other route
 * to the shorter one); between requests a keep-alive socket has Fastify's keepAliveTimeout (72 s)
 * instead of the idle time-out, which still applies to uploads.
 */
export function httpServerOptions(
  limits: HttpLimits,
): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout'> & { http: ServerOptions } {
  const wholeRequest = Math.max(limits.requestTimeoutMs, limits.uploadTimeoutMs);
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: wholeRequest,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: wholeRequest,
      // Node checks both time-outs this often (30 s by default, which would let a 30 s limit run to 60).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs / 4),
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that takes an upload: its body may take HttpLimits.uploadTimeoutMs to arrive. */
    upload?: boolean;
  }
}

/**
 * Every route but an upload gets its whole body within `requestTimeoutMs` of its headers: past
 * that, 408 and the connection closes, as Node does for the uploads' longer limit.
 */
export const requestTimeLimit = fp(
  (app: FastifyInstance, { requestTimeoutMs }: { requestTimeoutMs: number }) => {
    const timers = new WeakMap<object, NodeJS.Timeout>();
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config.upload) return done();
      const socket = request.raw.socket;
      const timer = setTimeout(() => {
        socket.end(closingResponse(408, 'Request Timeout'));
        socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
      }, requestTimeoutMs);
      timer.unref();
      timers.set(request, timer);
      done();
    });
    const clear = (request: object, _reply: unknown, done: () => void) => {
      clearTimeout(timers.get(request));
      done();
    };
    app.addHook('preValidation', clear);
    app.addHook('onResponse', clear);
    // An answer that goes before the whole body arrived (a 419, a 401, a GET with a body) ends the
    // connection: kept alive, Node would wait for the rest of the body under the keep-alive time-out
    // (72 s), past every limit above.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.raw.complete) reply.header('connection', 'close');
      done(null, payload);
    });
    return Promise.resolve();
  },
  { name: 'request-time-limit' },
);

/** How long a refused connection may stay open to read its answer before it is cut. */
const REFUSED_LINGER_MS = 2000;

export interface ConnectionCapOptions {
  maxPerAddress: number;
  /** Behind a proxy every connection comes from the proxy: the cap is then the proxy's to apply. */
  trustProxy: boolean;
}

/**
 * Caps the HTTP connections one client address holds open, so that one client cannot take every
 * socket and the memory behind them. A connection beyond the cap is answered 503 at once and closed;
 * one that becomes a WebSocket leaves this count for the real-time server's own caps.
 */
export const connectionCap = fp(
  (app: FastifyInstance, { maxPerAddress, trustProxy }: ConnectionCapOptions) => {
    if (maxPerAddress === 0 || trustProxy) return Promise.resolve();
    const caps = new ConnectionCaps({ maxConnections: Number.POSITIVE_INFINITY, maxPerAddress, trustProxy });
    const counted = new WeakMap<Socket, () => void>();
    const refused = new WeakSet<Socket>();

    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      if (caps.refusal(address)) {
        refused.add(socket);
        app.log.warn({ address }, 'connection refused: too many from this address');
        socket.end(closingResponse(503, 'Too many connections from your address; try again later'));
        socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
        return;
      }
      const release = caps.opened(address);
      counted.set(socket, release);
      socket.once('close', release);
    });
    app.server.on('upgrade', (_request, socket: Socket) => counted.get(socket)?.());

    // Node may still parse a request that was on its way: the answer has gone, nothing else runs.
    app.addHook('onRequest', (request, reply, done) => {
      if (refused.has(request.raw.socket)) reply.hijack();
      done();
    });
    return Promise.resolve();
  },
  { name: 'connection-cap' },
);
