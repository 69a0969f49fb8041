import type { IncomingMessage } from 'node:http';

export interface ConnectionCapsOptions {
  /** Open WebSockets this process takes in all. */
  maxConnections: number;
  /** Open WebSockets from one client address (a household or an office shares one). */
  maxPerAddress: number;
  /** Behind a trusted proxy, the client's address is the first of X-Forwarded-For. */
  trustProxy: boolean;
}

/** Counts open connections so that one client, or a crowd, cannot take every socket the process has. */
export class ConnectionCaps {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly options: ConnectionCapsOptions) {}

  clientAddress(request: IncomingMessage): string {
    const forwarded = this.options.trustProxy ? request.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || request.socket.remoteAddress || 'unknown';
  }

  /** Why a new connection from `address` is refused (an HTTP status and message), or undefined to take it. */
  refusal(address: string): { status: number; message: string } | undefined {
    if (this.total >= this.options.maxConnections) {
      return { status: 503, message: 'Too many connections to this server; try again later' };
    }
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxPerAddress) {
      return { status: 429, message: 'Too many connections from your address' };
    }
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
