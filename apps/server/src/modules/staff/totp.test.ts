import { describe, expect, it } from 'vitest';
import { acceptedStep, base32Decode, base32Encode, hotp, otpauthUri, stepAt, totpAt } from './totp';

// RFC 6238 Appendix B: the SHA-1 test secret is the ASCII "12345678901234567890"; 8-digit values there,
// whose last 6 digits are the 6-digit codes.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the RFC test vector at %i s', (seconds, code) => {
    expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('HOTP gives RFC 4226 Appendix D values', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 17, 99]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts the current step and one either side, once each, and nothing older than the last used', () => {
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    expect(acceptedStep(RFC_SECRET, totpAt(RFC_SECRET, now), now, null)).toBe(step);
    expect(acceptedStep(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now, null)).toBe(step - 1);
    expect(acceptedStep(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now, null)).toBe(step + 1);
    expect(acceptedStep(RFC_SECRET, totpAt(RFC_SECRET, now - 60_000), now, null)).toBeUndefined();
    // Replayed: the step was used already.
    expect(acceptedStep(RFC_SECRET, totpAt(RFC_SECRET, now), now, step)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, 'abcdef', now, null)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, '1234567', now, null)).toBeUndefined();
  });

  it('writes an otpauth URI an app reads', () => {
    const uri = new URL(otpauthUri('Marketplace', 'omar@example.com', 'ABC'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Marketplace:omar@example.com');
    expect(uri.searchParams.get('secret')).toBe('ABC');
  });
});
