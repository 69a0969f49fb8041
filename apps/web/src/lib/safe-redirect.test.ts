import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile?tab=address#city', '/profile?tab=address#city'],
    ['/a/../profile', '/profile'],
    ['/search?q=%2F%2Fnot-a-host', '/search?q=%2F%2Fnot-a-host'],
    ['/products/caf%C3%A9', '/products/caf%C3%A9'],
  ])('keeps the path on this site: %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  // The classic open-redirect payloads: each would leave the site if navigated to as it is or as a
  // URL parser, the router or a later decoding step reads it.
  it.each([
    null,
    undefined,
    '',
    'profile',
    '//evil.example/steal',
    '///evil.example',
    '/\\evil.example',
    '\\/\\/evil.example',
    '/\\\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/%2F%5Cevil.example',
    '/%E0%A4%A',
    'https://evil.example/',
    'HTTPS://evil.example/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' //evil.example',
    '\u0000//evil.example',
  ])('falls back to home for %o', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('falls back to the fallback it is given', () => {
    expect(safeRedirectPath('/.//evil.example', '/profile')).toBe('/profile');
  });
});
