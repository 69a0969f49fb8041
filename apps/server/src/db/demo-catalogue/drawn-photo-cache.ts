import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PreparedPhoto } from '../../modules/media';
import type { DemoPhoto } from './plan-demo-catalogue';

/** One drawing, and the views of it to encode (each drawn once, however many views). */
export interface Drawing {
  kind: string;
  variant: number;
  views: DemoPhoto['view'][];
}

/** A cache entry older than this, unused, goes when another is made (the drawing code changed). */
const STALE_MS = 7 * 24 * 60 * 60 * 1000;
const here = path.dirname(fileURLToPath(import.meta.url));
/** Run from the TypeScript source (tests, tsx) or from the bundle in apps/server/dist. */
const fromSource = import.meta.url.endsWith('.ts');

/** How to start the painter: `node [--import tsx] <file>`, its file beside this module or the bundle. */
export function painterCommand(): { args: string[]; file: string; cwd: string } {
  return childCommand('draw-demo-photos');
}

/** How to start one of this folder's child programs (each an entry of the bundle, scripts/build-server.mjs). */
export function childCommand(name: string): { args: string[]; file: string; cwd: string } {
  const file = path.join(here, fromSource ? `${name}.ts` : `${name}.js`);
  // From here, `--import tsx` finds tsx in the checkout's node_modules whatever the app's own folder.
  return { args: fromSource ? ['--import', 'tsx', file] : [file], file, cwd: here };
}

/** What the drawn bytes depend on: the painter's code (the bundle, or its sources), sharp's version, the machine. */
function drawingCodeHash(): string {
  const hash = createHash('sha256');
  const files = fromSource ? sourceFiles() : [painterCommand().file];
  for (const file of files)
    hash
      .update(`${path.basename(file)}\0`)
      .update(fs.readFileSync(file))
      .update('\0');
  hash.update(`sharp ${sharpVersion()} ${process.platform} ${process.arch}`);
  return hash.digest('hex').slice(0, 16);
}

function sourceFiles(): string[] {
  const photos = path.join(here, '../demo-photos');
  const media = path.join(here, '../../modules/media');
  return [
    path.join(here, 'draw-demo-photos.ts'),
    ...fs
      .readdirSync(photos)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .sort()
      .map((name) => path.join(photos, name)),
    path.join(media, 'photo-image.ts'),
    path.join(media, 'photo-files.ts'),
  ];
}

function sharpVersion(): string {
  try {
    let folder = path.dirname(createRequire(import.meta.url).resolve('sharp'));
    while (!fs.existsSync(path.join(folder, 'package.json')) && folder !== path.dirname(folder)) {
      folder = path.dirname(folder);
    }
    return (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * Where drawn photos are kept between data dirs: node_modules/.cache/marketplace-demo-photos (the
 * nearest node_modules above the server's code, as build tools keep theirs), else the system's
 * temporary folder; one folder per hash of the drawing code, so a changed drawing is drawn anew.
 */
export function demoPhotoCacheDir(configured?: string): string {
  const hash = drawingCodeHash();
  const roots = configured
    ? [path.resolve(configured)]
    : [nearestNodeModules(), os.tmpdir()].map((base) => base && path.join(base, '.cache', 'marketplace-demo-photos'));
  for (const root of roots) {
    if (!root) continue;
    try {
      fs.mkdirSync(root, { recursive: true });
      fs.accessSync(root, fs.constants.W_OK);
    } catch {
      continue;
    }
    const folder = path.join(root, hash);
    if (!fs.existsSync(folder)) removeStale(root);
    fs.mkdirSync(folder, { recursive: true });
    const now = new Date();
    fs.utimesSync(folder, now, now);
    return folder;
  }
  throw new Error(
    `No folder to draw the demo photos in: ${roots.filter(Boolean).join(' and ')} cannot be written; set DEMO_PHOTO_CACHE_DIR to one that can`,
  );
}

function nearestNodeModules(): string | undefined {
  for (let folder = here; folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function removeStale(root: string): void {
  // Only this code's own folders (a hash each): DEMO_PHOTO_CACHE_DIR may hold other things.
  for (const name of fs.readdirSync(root).filter((entry) => /^[0-9a-f]{16}$/.test(entry))) {
    const folder = path.join(root, name);
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_MS) fs.rmSync(folder, { recursive: true, force: true });
  }
}

export function cachedPhotoFolder(
  cacheDir: string,
  photo: DemoPhoto | { kind: string; variant: number; view: string },
) {
  return path.join(cacheDir, `${photo.kind}-${photo.variant}-${photo.view}`);
}

export function isCached(cacheDir: string, photo: DemoPhoto): boolean {
  return fs.existsSync(path.join(cachedPhotoFolder(cacheDir, photo), 'photo.json'));
}

export async function readCachedPhoto(cacheDir: string, photo: DemoPhoto): Promise<PreparedPhoto> {
  const folder = cachedPhotoFolder(cacheDir, photo);
  const read = (name: string) => fs.promises.readFile(path.join(folder, name));
  const [meta, full, card, thumb] = await Promise.all([
    read('photo.json'),
    read('full.webp'),
    read('card.webp'),
    read('thumb.webp'),
  ]);
  const { width, height, placeholder } = JSON.parse(meta.toString('utf8')) as Omit<PreparedPhoto, 'files'>;
  return { files: { full, card, thumb }, width, height, placeholder };
}
