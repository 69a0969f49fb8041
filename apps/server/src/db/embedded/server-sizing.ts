/**
 * How big the embedded PostgreSQL server is: sized for one app on one machine, not PostgreSQL's
 * defaults (128 MB of shared buffers, 100 connections, 3 I/O workers), which hold memory and
 * processes an app with a pool of 10 never uses (issue 34). Set by EMBEDDED_POSTGRES_* (config.ts);
 * the tests' one server for every test database passes its own.
 */
export interface EmbeddedServerSizing {
  /** shared_buffers, in MB: the server's page cache (the system's file cache still holds the rest). */
  sharedBuffersMb: number;
  /** max_connections: the app's pool (10), the staff CLI's beside it (10), and room to spare. */
  maxConnections: number;
  /** io_workers: the processes that read ahead for large scans (PostgreSQL 18's asynchronous I/O). */
  ioWorkers: number;
}

export const DEFAULT_SERVER_SIZING: EmbeddedServerSizing = { sharedBuffersMb: 32, maxConnections: 30, ioWorkers: 1 };

/** The server's -c settings for a sizing, on PostgreSQL `version` (io_workers came with 18). */
export function sizingSettings(sizing: EmbeddedServerSizing, version: string): Record<string, string> {
  return {
    shared_buffers: `${sizing.sharedBuffersMb}MB`,
    max_connections: String(sizing.maxConnections),
    ...(Number.parseInt(version, 10) >= 18 && { io_workers: String(sizing.ioWorkers) }),
    // Nothing here replicates: no launcher process waiting for subscriptions.
    max_logical_replication_workers: '0',
  };
}
