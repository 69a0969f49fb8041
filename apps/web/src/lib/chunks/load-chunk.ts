import { chunkAddress } from './chunk-addresses';
import { ChunkLoadError, type ChunkFailure } from './chunk-load-error';
import { chunkTimeoutMs } from './chunk-timeout';

export const CHUNK_TIMEOUT_MS = chunkTimeoutMs(import.meta.env.VITE_CHUNK_TIMEOUT_MS);

export interface LoadChunkOptions {
  timeoutMs?: number;
}

/**
 * How Chromium, Firefox and Safari, and Vite's preloader, say a module could not be fetched; a
 * module whose own code throws, even a TypeError, is a bug to report as it is, not a failed load.
 */
const fetchFailure = /dynamically imported module|Importing a module script failed|^Unable to preload/;
const isFetchFailure = (error: unknown) => error instanceof Error && fetchFailure.test(error.message);

/** Chromium and Firefox name the module that failed; Safari does not. */
const addressIn = (error: unknown) =>
  error instanceof Error ? /https?:\/\/[^\s'"]+\.js\b/.exec(error.message)?.[0] : undefined;

/** The browser does not say why a module failed: ask the server whether the chunk still exists. */
async function classify(address: string | undefined): Promise<ChunkFailure> {
  if (!address) return 'error';
  try {
    const response = await fetch(address, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || response.status === 410 ? 'missing' : 'error';
  } catch {
    return 'error';
  }
}

/**
 * Loads a lazily split part of the app, or fails with a ChunkLoadError saying why (missing, timeout
 * or error) and where from. The route's error element shows it, or reloads once for a missing chunk
 * (see reload-once.ts): only there has the address bar reached the page being opened.
 */
export async function loadChunk<T>(chunk: string, importer: () => Promise<T>, options: LoadChunkOptions = {}) {
  const { timeoutMs = CHUNK_TIMEOUT_MS } = options;
  const address = chunkAddress(chunk);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout', address ?? 'unknown address')), timeoutMs);
  });
  try {
    return await Promise.race([importer(), timeout]);
  } catch (error) {
    if (error instanceof ChunkLoadError || !isFetchFailure(error)) throw error;
    const failedAddress = address ?? addressIn(error);
    throw new ChunkLoadError(chunk, await classify(failedAddress), failedAddress ?? 'unknown address', {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}
