import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile?tab=address#city', '/profile?tab=address#city'],
    ['/a/../profile', '/profile'],
  ])('keeps the path on this site: %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'profile',
    '//evil.example/steal',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('falls back to home for %o', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});
