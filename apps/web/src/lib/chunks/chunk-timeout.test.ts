import { describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_TIMEOUT_MS, chunkTimeoutMs } from './chunk-timeout';

describe('the chunk load time-out', () => {
  it('is 120 000 ms unless the build says otherwise (SPEC §9)', () => {
    expect(DEFAULT_CHUNK_TIMEOUT_MS).toBe(120_000);
    expect(chunkTimeoutMs(undefined)).toBe(120_000);
    expect(chunkTimeoutMs('')).toBe(120_000);
  });

  it('takes a positive whole number of milliseconds from the build', () => {
    expect(chunkTimeoutMs('8000')).toBe(8000);
  });

  it.each(['0', '-5', '1.5', 'soon'])('ignores %o', (value) => {
    expect(chunkTimeoutMs(value)).toBe(120_000);
  });
});
