import http from 'node:http';
import net from 'node:net';

export interface RawExchange {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** How long after connecting the server closed it. */
  closedAfterMs: number;
}

/**
 * A TCP connection to the server that writes what a client of our choosing would: each chunk once
 * the previous one is out and `afterMs` more have passed. Resolves when the server closes it.
 */
export function rawExchange(
  port: number,
  chunks: { afterMs: number; data: string }[],
  options: { localAddress?: string } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', ...options });
    const startedAt = performance.now();
    let received = '';
    const timers: NodeJS.Timeout[] = [];
    socket.on('connect', () => {
      let at = 0;
      for (const { afterMs, data } of chunks) {
        at += afterMs;
        timers.push(
          setTimeout(() => {
            if (!socket.destroyed) socket.write(data);
          }, at),
        );
      }
    });
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', () => {});
    socket.on('close', () => {
      for (const timer of timers) clearTimeout(timer);
      resolve({ received, closedAfterMs: performance.now() - startedAt });
    });
  });
}

/** A connection that is open and says nothing, as a slow or hostile client's may be. */
export function openQuietConnection(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** GET `path` on a connection of its own (no keep-alive pool) from `localAddress`: the status, or the error's code. */
export function statusOf(port: number, path: string, localAddress = '127.0.0.1'): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
