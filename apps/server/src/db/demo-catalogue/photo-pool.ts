import { spawn } from 'node:child_process';
import type { PreparedPhoto } from '../../modules/media';
import { demoPhotoCacheDir, isCached, painterCommand, readCachedPhoto, type Drawing } from './drawn-photo-cache';
import type { DemoPhoto } from './plan-demo-catalogue';

const keyOf = (photo: DemoPhoto) => `${photo.kind}/${photo.variant}/${photo.view}`;

/**
 * The demo catalogue's photos, each drawn and encoded once however many listings show it: listings
 * get copies of these files under keys of their own. They are drawn by a short-lived child process
 * (draw-demo-photos.ts), never in the server's own threads, into a cache kept between data dirs
 * (drawn-photo-cache.ts): a second fresh data dir on the same checkout reads them instead. Drawing
 * starts as soon as the photos are known to be needed, in the order asked for; each is read as soon
 * as it is drawn.
 */
export class DemoPhotoPool {
  private readonly photos = new Map<string, Promise<PreparedPhoto>>();
  private cacheDir: string | undefined;

  /** `cacheRoot`: DEMO_PHOTO_CACHE_DIR, where drawn photos are kept (unset: drawn-photo-cache.ts chooses). */
  constructor(private readonly cacheRoot?: string) {}

  /** Starts on every photo of `photos` not started yet: each drawing once, for all the views asked of it. */
  prepare(photos: readonly DemoPhoto[]): void {
    this.cacheDir ??= demoPhotoCacheDir(this.cacheRoot);
    const cacheDir = this.cacheDir;
    const missing = new Map<string, DemoPhoto>();
    for (const photo of photos) {
      const key = keyOf(photo);
      if (this.photos.has(key) || missing.has(key)) continue;
      if (isCached(cacheDir, photo)) this.photos.set(key, settledLater(readCachedPhoto(cacheDir, photo)));
      else missing.set(key, photo);
    }
    if (missing.size === 0) return;
    const drawn = drawInChild(cacheDir, [...missing.values()]);
    for (const [key, photo] of missing) {
      const ready = drawn.get(key) ?? Promise.reject(new Error(`${key} was not drawn`));
      this.photos.set(key, settledLater(ready.then(() => readCachedPhoto(cacheDir, photo))));
    }
  }

  get(photo: DemoPhoto): Promise<PreparedPhoto> {
    if (!this.photos.has(keyOf(photo))) this.prepare([photo]);
    return this.photos.get(keyOf(photo)) ?? Promise.reject(new Error(`${keyOf(photo)} was not prepared`));
  }
}

/** Awaited later by whoever needs it; until then a failure must not count as unhandled. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  void promise.catch(() => undefined);
  return promise;
}

/** Draws `photos` in one child process: a promise per photo's key, settled as the child reports it or ends. */
function drawInChild(cacheDir: string, photos: readonly DemoPhoto[]): Map<string, Promise<void>> {
  const drawings = new Map<string, Drawing>();
  for (const photo of photos) {
    const id = `${photo.kind}/${photo.variant}`;
    const drawing = drawings.get(id) ?? { kind: photo.kind, variant: photo.variant, views: [] };
    if (!drawing.views.includes(photo.view)) drawing.views.push(photo.view);
    drawings.set(id, drawing);
  }
  const settlers = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const results = new Map<string, Promise<void>>();
  for (const photo of photos) {
    results.set(keyOf(photo), new Promise<void>((resolve, reject) => settlers.set(keyOf(photo), { resolve, reject })));
  }

  const { args, cwd } = painterCommand();
  const child = spawn(process.execPath, [...args, cacheDir, JSON.stringify([...drawings.values()])], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server stopping mid-start (Ctrl-C, an error) takes the painter with it.
  const stopChild = () => child.kill();
  process.once('exit', stopChild);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const lines = output.split('\n');
    output = lines.pop() ?? '';
    for (const line of lines) {
      const key = /^drawn (\S+)$/.exec(line)?.[1];
      if (key) settlers.get(key)?.resolve();
    }
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors = (errors + chunk).slice(-2000)));
  const fail = (reason: string) => {
    const error = new Error(`Could not draw the demo photos (${reason})${errors ? `: ${errors.trim()}` : ''}`);
    for (const { reject } of settlers.values()) reject(error);
  };
  child.once('error', (error) => fail(error.message));
  child.once('close', (code, signal) => {
    process.off('exit', stopChild);
    // Whatever it did not report is failed (a settled promise ignores this).
    fail(signal ? `the painter was stopped by ${signal}` : `the painter exited with ${code}`);
  });
  return results;
}
