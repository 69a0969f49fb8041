import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mobileMediaQuery } from '../lib/breakpoints';
import { categories, fakeCatalogueApi } from '../test/catalogue-fixtures';
import { layla, renderRoutes } from '../test/render-routes';
import { SiteHeader } from './site-header';

// The header listens for the user's notifications; these tests connect nothing (notification-bell.test.tsx does).
vi.mock('../lib/realtime', () => ({ listen: () => () => undefined }));

const routes = [{ path: '*', element: <SiteHeader /> }];

function viewportIsMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === mobileMediaQuery,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SiteHeader on a wide screen', () => {
  it('offers Log in and Register to a visitor', () => {
    viewportIsMobile(false);
    renderRoutes(routes, { user: null });
    expect(screen.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('shows nothing for the account until the sign-in check answers', () => {
    viewportIsMobile(false);
    renderRoutes(routes);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows the signed-in user with their avatar, and a menu to Profile and Log out', async () => {
    viewportIsMobile(false);
    renderRoutes(routes, { user: layla });
    const button = screen.getByRole('button', { name: 'Account menu for Layla Haddad' });
    expect(within(button).getByRole('presentation')).toHaveClass('avatar');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('leads from the account menu to the user’s public page, Messages and notification settings', async () => {
    viewportIsMobile(false);
    renderRoutes(routes, { user: layla });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Layla Haddad' }));
    const menu = screen.getByRole('link', { name: 'Profile' }).closest('ul') as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'Your public page' })).toHaveAttribute('href', `/users/${layla.id}`);
    expect(within(menu).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(within(menu).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/account/notifications',
    );
  });

  it('works from the keyboard: arrows move through the menu, Escape closes it and returns focus', async () => {
    viewportIsMobile(false);
    renderRoutes(routes, { user: layla });
    const button = screen.getByRole('button', { name: 'Account menu for Layla Haddad' });
    button.focus();

    for (const name of [
      'Profile',
      'Your public page',
      'My listings',
      'My purchases',
      'My sales',
      'Orders history',
      'Messages',
      'Favourites',
      'Saved searches',
      'Notification settings',
      'Password and security',
      'Blocked people',
      'Your data and deleting your account',
    ]) {
      await userEvent.keyboard('{ArrowDown}');
      // The header's own Messages link has the same name: the one with focus is the menu's.
      await vi.waitFor(() => expect(document.activeElement).toHaveAccessibleName(name));
      expect(document.activeElement?.closest('ul')).toHaveClass('dropdown-menu');
    }
    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus());

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes the menu when the user clicks elsewhere', async () => {
    viewportIsMobile(false);
    renderRoutes(routes, { user: layla });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Layla Haddad' }));
    await userEvent.click(screen.getByRole('link', { name: 'Marketplace' }));
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });
});

describe('the search field', () => {
  it.each([
    ['a wide screen', false],
    ['a phone, rather than inside the menu', true],
  ])('stays in view on %s, in a row of its own under the bar', (_, mobile) => {
    viewportIsMobile(mobile);
    renderRoutes(routes, { user: null });
    const field = screen.getByRole('combobox', { name: 'Search listings' });
    expect(field).toBeVisible();
    expect(field.closest('.site-header-search-row')).not.toBeNull();
    expect(screen.getAllByRole('search')).toHaveLength(1);
  });
});

describe('the Categories menu and Sell', () => {
  const answer = fakeCatalogueApi();

  it('offers Sell to everyone, and My listings to a signed-in user', async () => {
    viewportIsMobile(false);
    renderRoutes(routes, { user: null });
    expect(screen.getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/sell');
    cleanupAndRender(layla);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Layla Haddad' }));
    expect(screen.getByRole('link', { name: 'My listings' })).toHaveAttribute('href', '/account/items');
  });

  it('opens a menu of the categories with their sub-categories, from the keyboard too', async () => {
    viewportIsMobile(false);
    answer({ '/api/categories': { data: categories } });
    renderRoutes(routes, { user: null });
    const button = screen.getByRole('button', { name: 'Categories' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    expect(await within(menu).findByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/c/electronics');
    expect(within(menu).getByRole('link', { name: 'Mobile phones' })).toHaveAttribute('href', '/c/mobile-phones');

    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(within(menu).getByRole('link', { name: 'Electronics' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(within(menu).getByRole('link', { name: 'Mobile phones' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('lists the categories inside the mobile submenu', async () => {
    viewportIsMobile(true);
    answer({ '/api/categories': { data: categories } });
    renderRoutes(routes, { user: layla });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const submenu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(submenu).getByRole('link', { name: 'My listings' })).toHaveAttribute('href', '/account/items');
    const row = within(submenu).getByRole('button', { name: 'Categories' });
    await userEvent.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(await within(submenu).findByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/c/vehicles');
  });
});

function cleanupAndRender(user: typeof layla) {
  cleanup();
  renderRoutes(routes, { user });
}

describe('SiteHeader below the mobile breakpoint', () => {
  it('collapses into one Menu button that opens the submenu', async () => {
    viewportIsMobile(true);
    renderRoutes(routes, { user: layla });
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menu);
    const submenu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(submenu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(submenu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByText('Layla Haddad')).toBeInTheDocument();
  });

  it('offers Log in and Register to a visitor, and closes with Escape', async () => {
    viewportIsMobile(true);
    renderRoutes(routes, { user: null });
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('closes when Close menu is pressed', async () => {
    viewportIsMobile(true);
    renderRoutes(routes, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
