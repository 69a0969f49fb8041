/** docs/product/specification.md §7 and §9: a lazily loaded part that has not arrived after two minutes has failed. */
export const DEFAULT_CHUNK_TIMEOUT_MS = 120_000;

/**
 * The time-out from the build's VITE_CHUNK_TIMEOUT_MS when it is a positive whole number (the
 * browser tests shorten it), else the default.
 */
export function chunkTimeoutMs(configured: string | undefined): number {
  const value = Number(configured);
  return configured && Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_CHUNK_TIMEOUT_MS;
}
