import { randomBytes } from 'node:crypto';
import type { RealtimePublicConfig } from '@marketplace/contracts';

/** The PUSHER_* variables as config.ts read them (blank ones already dropped). */
export interface RealtimeEnv {
  PUSHER_APP_ID?: string | undefined;
  PUSHER_APP_KEY?: string | undefined;
  PUSHER_APP_SECRET?: string | undefined;
  PUSHER_HOST?: string | undefined;
  PUSHER_PORT?: number | undefined;
  PUSHER_SCHEME?: 'http' | 'https' | undefined;
  /** The site's address: its pages may connect to the embedded server even when it runs on another host. */
  PUBLIC_URL?: string | undefined;
}

interface Credentials {
  appId: string;
  key: string;
  secret: string;
}

/** Where events go: the embedded server in this process, Pusher Channels, or another Pusher-compatible server. */
export type RealtimeConfig =
  | ({
      driver: 'embedded';
      /**
       * PUBLIC_URL's origin: pages of the site, which this server accepts besides its own host's. It
       * matters where this process is the shared server of several (their PUSHER_HOST), on another host.
       */
      siteOrigin?: string;
    } & Credentials)
  | ({ driver: 'pusher'; cluster: string } & Credentials)
  | ({ driver: 'self-hosted'; host: string; port: number; scheme: 'http' | 'https' } & Credentials);

/** Public on purpose: the page carries the key, and a fixed one lets open tabs reconnect after a restart. */
export const EMBEDDED_APP_ID = 'marketplace';
export const EMBEDDED_APP_KEY = 'marketplace';

const PUSHER_CHANNELS_HOST = /^api-([a-z0-9-]+)\.pusher\.com$/;
const SAFE_KEY = /^[\w-]+$/;

/** The config, or the one problem the person starting the server must fix. */
export function resolveRealtimeConfig(env: RealtimeEnv): { config: RealtimeConfig } | { problem: string } {
  const { PUSHER_APP_ID: appId, PUSHER_APP_KEY: key, PUSHER_APP_SECRET: secret, PUSHER_HOST: host } = env;
  if (key !== undefined && !SAFE_KEY.test(key)) {
    return { problem: 'Invalid PUSHER_APP_KEY: use letters, digits, - and _ only, as Pusher issues them' };
  }
  if (host === undefined) {
    return {
      config: {
        driver: 'embedded',
        appId: appId ?? EMBEDDED_APP_ID,
        key: key ?? EMBEDDED_APP_KEY,
        // Signer and verifier are this same process, so a fresh secret per start is enough.
        secret: secret ?? randomBytes(32).toString('hex'),
        ...(env.PUBLIC_URL !== undefined && { siteOrigin: new URL(env.PUBLIC_URL).origin }),
      },
    };
  }
  if (appId === undefined || key === undefined || secret === undefined) {
    return {
      problem: `PUSHER_HOST=${host} needs PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET too; unset PUSHER_HOST to use the embedded server`,
    };
  }
  const cluster = PUSHER_CHANNELS_HOST.exec(host)?.[1];
  if (cluster !== undefined) {
    if (env.PUSHER_SCHEME === 'http') {
      return { problem: 'Pusher Channels is used over TLS only; unset PUSHER_SCHEME or set it to https' };
    }
    return { config: { driver: 'pusher', appId, key, secret, cluster } };
  }
  const scheme = env.PUSHER_SCHEME ?? 'https';
  const port = env.PUSHER_PORT ?? (scheme === 'https' ? 443 : 80);
  return { config: { driver: 'self-hosted', appId, key, secret, host, port, scheme } };
}

/** What the page may know: never the secret. */
export function realtimePublicConfig(config: RealtimeConfig): RealtimePublicConfig {
  switch (config.driver) {
    case 'embedded':
      return { driver: 'embedded', key: config.key };
    case 'pusher':
      return { driver: 'pusher', key: config.key, cluster: config.cluster };
    case 'self-hosted':
      return {
        driver: 'self-hosted',
        key: config.key,
        host: config.host,
        port: config.port,
        tls: config.scheme === 'https',
      };
  }
}

/** The origins the page's Content-Security-Policy must let it connect to (the embedded server is 'self'). */
export function realtimeConnectSources(config: RealtimeConfig): string[] {
  switch (config.driver) {
    case 'embedded':
      return [];
    case 'pusher':
      return [`wss://ws-${config.cluster}.pusher.com`];
    case 'self-hosted':
      return [`${config.scheme === 'https' ? 'wss' : 'ws'}://${config.host}:${config.port}`];
  }
}

/** For the start-up banner. */
export function describeRealtime(config: RealtimeConfig): string {
  switch (config.driver) {
    case 'embedded':
      return `embedded Pusher server on this port (app key ${config.key})`;
    case 'pusher':
      return `Pusher Channels, ${config.cluster} cluster`;
    case 'self-hosted':
      return `Pusher-compatible server at ${config.scheme}://${config.host}:${config.port}`;
  }
}
