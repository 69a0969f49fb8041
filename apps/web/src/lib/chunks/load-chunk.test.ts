import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetChunkAddresses } from './chunk-addresses';
import { ChunkLoadError } from './chunk-load-error';
import { CHUNK_TIMEOUT_MS, loadChunk } from './load-chunk';

const address = 'http://localhost:3000/js/chunks/profile-page-Ab12.js';

function pageWithChunkTable(table: Record<string, string>) {
  document.head.innerHTML = `<script id="chunk-addresses" type="application/json">${JSON.stringify(table)}</script>`;
  forgetChunkAddresses();
}

const failedFetch = () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`));

function serverAnswers(status: number | 'network error') {
  const fetch = vi.fn(() =>
    status === 'network error'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(new Response(null, { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function failureOf(promise: Promise<unknown>): Promise<ChunkLoadError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ChunkLoadError)) throw new Error(`expected a ChunkLoadError, got ${String(error)}`);
  return error;
}

describe('loadChunk', () => {
  beforeEach(() => {
    pageWithChunkTable({ 'profile-page': '/js/chunks/profile-page-Ab12.js' });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives back the module when it arrives', async () => {
    await expect(loadChunk('profile-page', () => Promise.resolve({ ProfilePage: 'page' }))).resolves.toEqual({
      ProfilePage: 'page',
    });
  });

  it('waits 120 000 ms by default before calling it a time-out', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('fails as a time-out, naming the chunk and its address, when nothing arrives in time', async () => {
    vi.useFakeTimers();
    const loading = failureOf(loadChunk('profile-page', () => new Promise(() => undefined), { timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void loading.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await loading;
    expect(error.failure).toBe('timeout');
    expect(error.message).toBe(`Loading chunk profile-page failed.\n(timeout: ${address})`);
  });

  it('calls a chunk the server no longer has "missing"', async () => {
    serverAnswers(404);
    const error = await failureOf(loadChunk('profile-page', failedFetch));
    expect(error.failure).toBe('missing');
    expect(error.message).toBe(`Loading chunk profile-page failed.\n(missing: ${address})`);
  });

  it('asks the server with a HEAD request that bypasses the cache', async () => {
    const fetch = serverAnswers(404);
    await failureOf(loadChunk('profile-page', failedFetch));
    expect(fetch).toHaveBeenCalledWith(address, { method: 'HEAD', cache: 'no-store' });
  });

  it('calls any other failure "error"', async () => {
    serverAnswers('network error');
    const error = await failureOf(loadChunk('profile-page', failedFetch));
    expect(error.failure).toBe('error');
    expect(error.message).toBe(`Loading chunk profile-page failed.\n(error: ${address})`);
  });

  it('takes the address from the browser’s message when the page has no table', async () => {
    pageWithChunkTable({});
    serverAnswers(500);
    const error = await failureOf(loadChunk('profile-page', failedFetch));
    expect(error.address).toBe(address);
  });

  it.each([new RangeError('a bug in the page'), new TypeError('undefined is not a function')])(
    'passes on an error thrown by the module’s own code unchanged: %s',
    async (bug) => {
      await expect(loadChunk('profile-page', () => Promise.reject(bug))).rejects.toBe(bug);
    },
  );

  it.each([
    `error loading dynamically imported module: ${address}`,
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/profile-page-Ab12.css',
  ])('recognises another browser’s way of saying the fetch failed: %s', async (message) => {
    serverAnswers(500);
    const error = await failureOf(loadChunk('profile-page', () => Promise.reject(new TypeError(message))));
    expect(error.failure).toBe('error');
  });
});
