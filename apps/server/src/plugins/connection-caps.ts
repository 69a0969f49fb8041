import { STATUS_CODES, type IncomingMessage } from 'node:http';

export interface ConnectionCapsOptions {
  /** Open connections this process takes in all. */
  maxConnections: number;
  /** Open connections from one client address (a household or an office shares one). */
  maxPerAddress: number;
  /** Behind a trusted proxy, the client's address is the first of X-Forwarded-For. */
  trustProxy: boolean;
}

/** Why a connection is refused: the process has all it takes, or the client address has its share. */
export type ConnectionRefusal = 'server-full' | 'address-full';

/**
 * Counts open connections so that one client, or a crowd, cannot take every socket the process has.
 * The real-time server counts its WebSockets with one; the HTTP server its connections with another.
 */
export class ConnectionCaps {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly options: ConnectionCapsOptions) {}

  clientAddress(request: IncomingMessage): string {
    const forwarded = this.options.trustProxy ? request.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || request.socket.remoteAddress || 'unknown';
  }

  /** Why a new connection from `address` is refused, or undefined to take it. */
  refusal(address: string): ConnectionRefusal | undefined {
    if (this.total >= this.options.maxConnections) return 'server-full';
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxPerAddress) return 'address-full';
    return undefined;
  }

  /** Counts a connection that was taken; the returned function uncounts it, once. */
  opened(address: string): () => void {
    this.total += 1;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.total -= 1;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
  }
}

/** A whole HTTP/1.1 answer that closes the connection, for a socket refused before any HTTP handling. */
export function closingResponse(status: number, message: string): string {
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(message)}`,
  ];
  return `${head.join('\r\n')}\r\n\r\n${message}`;
}
