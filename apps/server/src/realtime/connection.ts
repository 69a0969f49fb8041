import { PUSHER_LIMITS } from '@marketplace/contracts';
import { WebSocket } from 'ws';
import { encodeMessage, ErrorCode, SERVER_LIMITS } from './protocol';

/** A presence member as the channel shows it to others. */
export interface PresenceMember {
  userId: string;
  info: unknown;
}

/** One client connection and what it holds: kept small, since there may be tens of thousands. */
export class Connection {
  /** Channel name → this connection's presence member there (null on other channels). */
  readonly channels = new Map<string, PresenceMember | null>();
  /** The user this connection signed in as (pusher:signin), if it did. */
  userId: string | undefined;
  /** The app's sessions that authorised a channel or sign-in for it: when one ends, so does this. */
  sessionIds: Set<string> | undefined;
  lastSeenAt: number;
  pingSentAt = 0;
  private windowStartedAt = 0;
  private framesInWindow = 0;
  private clientEventsInWindow = 0;

  constructor(
    readonly socketId: string,
    private readonly socket: WebSocket,
    now: number,
  ) {
    this.lastSeenAt = now;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends an encoded message (a text frame); drops a reader that lets its buffer grow without reading. */
  sendRaw(message: string | Buffer): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > SERVER_LIMITS.maxBufferedBytes) {
      this.close(ErrorCode.overCapacity, 'Too far behind reading messages');
      return;
    }
    this.socket.send(message, { binary: false });
  }

  send(event: string, data: unknown, channel?: string): void {
    this.sendRaw(encodeMessage(event, data, channel));
  }

  /** A pusher:error the connection survives (code omitted where Pusher defines none). */
  error(message: string, code?: number): void {
    this.send('pusher:error', { message, ...(code !== undefined && { code }) });
  }

  /** Pusher's way to end a connection: the error event, then the same code as the close code. */
  close(code: number, message: string): void {
    if (this.socket.readyState === WebSocket.CLOSED || this.socket.readyState === WebSocket.CLOSING) return;
    this.error(message, code);
    this.socket.close(code, message);
  }

  terminate(): void {
    this.socket.terminate();
  }

  /** Counts one incoming frame; false when the connection exceeds its frame budget. */
  countFrame(now: number): boolean {
    this.lastSeenAt = now;
    this.pingSentAt = 0;
    if (now - this.windowStartedAt >= 1000) {
      this.windowStartedAt = now;
      this.framesInWindow = 0;
      this.clientEventsInWindow = 0;
    }
    this.framesInWindow += 1;
    return this.framesInWindow <= SERVER_LIMITS.framesPerSecond;
  }

  /** Counts one client event in the current second; false past Pusher's 10 per second. */
  countClientEvent(): boolean {
    this.clientEventsInWindow += 1;
    return this.clientEventsInWindow <= PUSHER_LIMITS.clientEventsPerSecond;
  }
}
