import { describe, expect, it } from 'vitest';
import { loginPathReturningTo } from './login-redirect';
import { safeRedirectPath } from './safe-redirect';

describe('loginPathReturningTo', () => {
  it('carries the page to come back to', () => {
    expect(loginPathReturningTo('/profile?tab=address#city')).toBe('/login?redirect=%2Fprofile%3Ftab%3Daddress%23city');
  });

  it('round-trips through the login page’s own check', () => {
    const back = new URL(loginPathReturningTo('/profile?tab=address'), 'http://site.test').searchParams.get('redirect');
    expect(safeRedirectPath(back)).toBe('/profile?tab=address');
  });

  it('adds nothing for the home page or the login page itself', () => {
    expect(loginPathReturningTo('/')).toBe('/login');
    expect(loginPathReturningTo('/login?redirect=%2Fprofile')).toBe('/login');
  });
});
