import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mobileMediaQuery } from '../lib/breakpoints';
import { i18n } from '../lib/i18n/i18n-store';
import { fakeApi } from '../test/fake-api';
import { layla, renderRoutes } from '../test/render-routes';
import { LocaleSync } from './locale-sync';
import { SiteHeader } from './site-header';

const answerWith = fakeApi();
const routes = [
  {
    path: '*',
    element: (
      <>
        <SiteHeader />
        <LocaleSync />
      </>
    ),
  },
];

function viewportIsMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === mobileMediaQuery,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('the language switch', () => {
  it('names Arabic in Arabic in the header, and switches the header to it', async () => {
    viewportIsMobile(false);
    const sent = answerWith(204);
    renderRoutes(routes, { user: null });
    const arabic = screen.getByRole('button', { name: 'العربية' });
    expect(arabic).toHaveAttribute('lang', 'ar');
    await userEvent.click(arabic);
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'السوق' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    // The choice is saved first; then what the page shows is asked for again, in Arabic.
    expect(sent.map(({ url }) => url)).toEqual(['/api/locale', '/user']);
  });

  it('is in the mobile submenu, which it closes', async () => {
    viewportIsMobile(true);
    answerWith(204);
    renderRoutes(routes, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    await userEvent.click(within(menu).getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('button', { name: 'القائمة' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows the language kept on a signed-in user’s account, without saving it again', async () => {
    viewportIsMobile(false);
    const sent = answerWith(204);
    renderRoutes(routes, { user: { ...layla, locale: 'ar' } });
    await waitFor(() => expect(i18n().locale).toBe('ar'));
    expect(screen.getByRole('button', { name: `قائمة حساب ${layla.first_name} ${layla.last_name}` })).toBeVisible();
    expect(sent.filter(({ url }) => url === '/api/locale')).toEqual([]);
  });
});
