import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ChannelRegistry } from './channel-registry';
import { relayClientEvent } from './client-events';
import { Connection } from './connection';
import { DeliveryQueue } from './delivery-queue';
import { encodeMessage, ErrorCode, MIN_PROTOCOL_VERSION, PROTOCOL_VERSION } from './protocol';
import { dataObject, leave, signin, subscribe, unsubscribe, type SubscriptionContext } from './subscriptions';

export interface EmbeddedServerOptions {
  appId: string;
  key: string;
  secret: string;
  log: FastifyBaseLogger;
  /** Seconds of silence after which either side pings; Pusher's own is 120. */
  activityTimeoutSeconds?: number;
  /** Seconds to wait for the pong before the connection is closed with 4201. */
  pongTimeoutSeconds?: number;
}

/** How long shutdown waits for clients to acknowledge the close before cutting them off. */
const CLOSE_GRACE_MS = 1000;

function rawDataToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** Refuses a socket before it becomes a connection, the Pusher way: the error event, then the close code. */
function refuseSocket(socket: WebSocket, code: number, message: string): void {
  socket.send(encodeMessage('pusher:error', { code, message }));
  socket.close(code, message);
}

/**
 * The Pusher protocol 7 server that runs inside this process: connections, channels, presence,
 * user sign-in, client events and heartbeats. The WebSocket endpoint and the HTTP API feed it.
 */
export class EmbeddedPusherServer {
  readonly appId: string;
  readonly key: string;
  readonly secret: string;
  private readonly connections = new Map<string, Connection>();
  private readonly sessionConnections = new Map<string, Set<Connection>>();
  private readonly registry = new ChannelRegistry();
  private readonly queue = new DeliveryQueue();
  private readonly context: SubscriptionContext;
  private readonly activityTimeoutMs: number;
  private readonly pongTimeoutMs: number;
  private readonly sweepTimer: NodeJS.Timeout;
  private closing = false;
  private readonly log: FastifyBaseLogger;

  constructor(options: EmbeddedServerOptions) {
    this.appId = options.appId;
    this.key = options.key;
    this.secret = options.secret;
    this.log = options.log;
    this.activityTimeoutMs = (options.activityTimeoutSeconds ?? 120) * 1000;
    this.pongTimeoutMs = (options.pongTimeoutSeconds ?? 30) * 1000;
    this.context = { credentials: { key: this.key, secret: this.secret }, registry: this.registry, queue: this.queue };
    const sweepEvery = Math.max(50, Math.min(this.activityTimeoutMs, this.pongTimeoutMs) / 4);
    this.sweepTimer = setInterval(() => this.sweep(Date.now()), sweepEvery);
    this.sweepTimer.unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** A socket that completed the WebSocket handshake at /app/{key}?protocol=7. */
  accept(socket: WebSocket, key: string, protocol: string | null): void {
    socket.on('error', (error) => this.log.debug({ err: error }, 'realtime socket error'));
    if (this.closing) return refuseSocket(socket, ErrorCode.reconnectNow, 'Server is restarting; reconnect shortly');
    if (key !== this.key) return refuseSocket(socket, ErrorCode.appDoesNotExist, `App key ${key} does not exist`);
    if (protocol === null) return refuseSocket(socket, ErrorCode.noProtocol, 'No protocol version supplied');
    if (!/^\d{1,3}$/.test(protocol)) return refuseSocket(socket, ErrorCode.invalidVersion, 'Invalid version format');
    const version = Number(protocol);
    if (version < MIN_PROTOCOL_VERSION || version > PROTOCOL_VERSION) {
      return refuseSocket(socket, ErrorCode.unsupportedProtocol, `Unsupported protocol version ${version}`);
    }

    const connection = new Connection(this.newSocketId(), socket, Date.now());
    this.connections.set(connection.socketId, connection);
    socket.on('message', (data, isBinary) => this.onFrame(connection, data, isBinary));
    socket.on('ping', () => connection.countFrame(Date.now()));
    socket.on('close', () => this.onClose(connection));
    const established = { socket_id: connection.socketId, activity_timeout: this.activityTimeoutMs / 1000 };
    connection.send('pusher:connection_established', JSON.stringify(established));
  }

  /** Delivers an event from the HTTP API to every subscriber of `channels`, except `exceptSocketId`. */
  publish(channels: readonly string[], event: string, data: string, exceptSocketId?: string): void {
    const except = exceptSocketId === undefined ? undefined : this.connections.get(exceptSocketId);
    for (const channel of channels) {
      const subscribers = this.registry.subscribers(channel);
      if (subscribers) this.queue.enqueue(encodeMessage(event, data, channel), subscribers, except);
    }
  }

  channelInfo(channel: string): { occupied: boolean; subscriptionCount: number; userCount: number } {
    const subscriptionCount = this.registry.subscriptionCount(channel);
    return { occupied: subscriptionCount > 0, subscriptionCount, userCount: this.registry.memberCount(channel) };
  }

  occupiedChannels(prefix: string): string[] {
    return this.registry.names(prefix);
  }

  presenceUserIds(channel: string): string[] {
    return this.registry.memberIds(channel);
  }

  /** Notes that the app's session `sessionId` authorised something for `socketId` (see endSession). */
  bindSession(socketId: string, sessionId: string): void {
    const connection = this.connections.get(socketId);
    if (!connection) return;
    (connection.sessionIds ??= new Set()).add(sessionId);
    let bound = this.sessionConnections.get(sessionId);
    if (!bound) this.sessionConnections.set(sessionId, (bound = new Set()));
    bound.add(connection);
  }

  /**
   * Ends every connection a session authorised, once that session has ended (logout, a new login,
   * expiry): what it was allowed to hear was allowed to that session, not to the socket forever.
   */
  endSession(sessionId: string): void {
    const bound = this.sessionConnections.get(sessionId);
    if (!bound) return;
    this.sessionConnections.delete(sessionId);
    for (const connection of bound)
      connection.close(ErrorCode.unauthorized, 'The session that authorised this connection has ended');
  }

  /** Ends every connection signed in as `userId` (Pusher's terminate_connections). */
  terminateUserConnections(userId: string): void {
    for (const connection of this.connections.values()) {
      if (connection.userId === userId) connection.close(ErrorCode.unauthorized, 'Connection terminated by the app');
    }
  }

  /** Tells every client to reconnect shortly, waits a moment for the close handshakes, then cuts off the rest. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweepTimer);
    this.queue.clear();
    for (const connection of this.connections.values()) {
      connection.close(ErrorCode.reconnectNow, 'Server is restarting; reconnect shortly');
    }
    const deadline = Date.now() + CLOSE_GRACE_MS;
    while (this.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const connection of this.connections.values()) connection.terminate();
  }

  private newSocketId(): string {
    for (;;) {
      const id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
      if (!this.connections.has(id)) return id;
    }
  }

  private onFrame(connection: Connection, data: RawData, isBinary: boolean): void {
    if (!connection.countFrame(Date.now())) {
      connection.close(ErrorCode.clientEventRateLimit, 'Too many messages; slow down');
      return;
    }
    if (isBinary) {
      connection.error('Binary frames are not supported; send JSON text');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(rawDataToString(data));
    } catch {
      connection.error('Invalid JSON');
      return;
    }
    const envelope = dataObject(message);
    const event = envelope?.event;
    if (!envelope || typeof event !== 'string') {
      connection.error('Invalid message: expected {"event": "...", "data": {...}}');
      return;
    }
    switch (event) {
      case 'pusher:ping':
        return connection.send('pusher:pong', {});
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return subscribe(this.context, connection, envelope.data);
      case 'pusher:unsubscribe':
        return unsubscribe(this.context, connection, envelope.data);
      case 'pusher:signin':
        return signin(this.context, connection, envelope.data);
    }
    if (event.startsWith('client-')) {
      relayClientEvent(this.context, connection, { event, channel: envelope.channel, data: envelope.data });
      return;
    }
    connection.error(`Unsupported event ${JSON.stringify(event.slice(0, 50))}`);
  }

  private onClose(connection: Connection): void {
    this.connections.delete(connection.socketId);
    for (const sessionId of connection.sessionIds ?? []) {
      const bound = this.sessionConnections.get(sessionId);
      bound?.delete(connection);
      if (bound?.size === 0) this.sessionConnections.delete(sessionId);
    }
    for (const channel of [...connection.channels.keys()]) leave(this.context, connection, channel);
  }

  /** Pings a silent client after the activity timeout; closes it when the pong does not come. */
  private sweep(now: number): void {
    for (const connection of this.connections.values()) {
      if (connection.pingSentAt > 0) {
        // ws itself cuts the socket off if the close handshake gets no answer either.
        if (now - connection.pingSentAt >= this.pongTimeoutMs) {
          connection.close(ErrorCode.pongNotReceived, 'Pong reply not received');
        }
      } else if (now - connection.lastSeenAt >= this.activityTimeoutMs) {
        connection.pingSentAt = now;
        connection.send('pusher:ping', {});
      }
    }
  }
}
