import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BrowserLikeClient } from './browser-like-client';

/**
 * A real browser for the cluster test (Debian's Chromium, as the browser tests drive it): a page the
 * proxy served, signed in with a client's session, running the web app's own Pusher-protocol client
 * (`apps/web/src/lib/pusher-connection.ts` and the address it is given from the page's settings,
 * bundled here in a fraction of a second) rather than the whole web build, which the API tests do
 * not have. It signs channels as `realtime-client.ts` does, through `POST /broadcasting/auth` with
 * the page's session and CSRF token. The chat page's rendering of what arrives is tests/e2e/chat.spec.ts's.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const lib = path.join(import.meta.dirname, '../../web/src/lib');

/** The page's real-time client as one script that defines `clusterRealtime.listen(channel, callback)`. */
async function realtimeClientScript(): Promise<string> {
  const result = await build({
    stdin: { contents: CLIENT_ENTRY, resolveDir: lib, loader: 'ts', sourcefile: 'cluster-realtime.ts' },
    bundle: true,
    format: 'iife',
    globalName: 'clusterRealtime',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  // Playwright evaluates a script inside a function: its `var` would stay there.
  return `${result.outputFiles[0]?.text ?? ''}\nglobalThis.clusterRealtime = clusterRealtime;`;
}

/** What the page runs: the app's connection, at the address the page's settings give, signed as the page signs. */
const CLIENT_ENTRY = `
import { readChannelAuthorization, readRealtimeConfig } from '@marketplace/contracts/realtime-essentials';
import { PusherConnection } from './pusher-connection';
import { socketUrl } from './realtime-options';

export function listen(channel: string, callback: (event: string, data: unknown) => void) {
  const settings = JSON.parse(document.getElementById('app-config')?.textContent ?? '{}');
  const config = readRealtimeConfig(settings.realtime);
  if (!config) throw new Error('the page carries no real-time settings');
  const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
  const connection = new PusherConnection({
    url: socketUrl(config, window.location),
    authorize: async (socketId, name) => {
      const response = await fetch('/broadcasting/auth', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ socket_id: socketId, channel_name: name }),
      });
      const signature = readChannelAuthorization(await response.json());
      if (!signature) throw new Error('/broadcasting/auth answered ' + response.status);
      return signature;
    },
  });
  connection.subscribe(channel, callback);
}
`;

export interface BrowserPage {
  page: Page;
  /** The process (its pid) that answered the page itself. */
  servedBy: string;
  /**
   * Listens on `channel` with the app's connection, as the chat page does, calling `heard` with each
   * `message.created`; resolves once the shared server confirmed the subscription, with the process
   * that signed it (`/broadcasting/auth`, through the proxy).
   */
  listen(channel: string, heard: (data: { message_id: number }) => void): Promise<{ signedBy: string }>;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/** A tab of `browser` on `url`'s home page, with `client`'s cookies (its session). */
export async function openSignedIn(browser: Browser, url: URL, client: BrowserLikeClient): Promise<BrowserPage> {
  const context = await browser.newContext();
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: url.origin })));
  const page = await context.newPage();
  const [document, script] = await Promise.all([page.goto(url.href), realtimeClientScript()]);
  await page.evaluate(script);
  return {
    page,
    servedBy: document?.headers()['x-test-process'] ?? '',
    async listen(channel, heard) {
      const joined = new Promise<void>((resolve) => {
        page.on('websocket', (socket) =>
          socket.on('framereceived', ({ payload }) => {
            const frame = JSON.parse(String(payload)) as { event?: string; channel?: string };
            if (frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === channel) resolve();
          }),
        );
      });
      await page.exposeFunction('heard', heard);
      const [auth] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth'),
        joined,
        // In the page: its own client, from the settings the process rendered into it.
        page.evaluate(
          `clusterRealtime.listen(${JSON.stringify(channel)}, (event, data) => event === 'message.created' && window.heard(data))`,
        ),
      ]);
      return { signedBy: (await auth.allHeaders())['x-test-process'] ?? '' };
    },
  };
}
