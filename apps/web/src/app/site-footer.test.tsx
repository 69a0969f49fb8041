import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../test/render-routes';
import { SiteFooter } from './site-footer';

const routes = [{ path: '*', element: <SiteFooter /> }];
const footerLinks = () =>
  within(screen.getByRole('navigation', { name: 'Footer' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('SiteFooter', () => {
  const helpLinks = [
    ['Help', '/help'],
    ['Contact us', '/support'],
    ['Safety', '/safety'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['About us', '/about'],
  ];

  it('links a visitor to the home page, logging in, creating an account and the help centre’s pages', () => {
    renderRoutes(routes, { user: null });
    expect(footerLinks()).toEqual([
      ['Home', '/'],
      ['Log in', '/login'],
      ['Create an account', '/register'],
      ...helpLinks,
    ]);
  });

  it('links a signed-in user to the home page, their profile and the help centre’s pages', () => {
    renderRoutes(routes, { user: layla });
    expect(footerLinks()).toEqual([['Home', '/'], ['Profile', '/profile'], ...helpLinks]);
  });

  it('offers the newsletter’s sign-up, with a link to its page', () => {
    renderRoutes(routes, { user: null });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('form', { name: 'News and offers by e-mail' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'News and offers by e-mail' })).toHaveAttribute(
      'href',
      '/newsletter',
    );
  });

  it('offers the other language, named in itself', () => {
    renderRoutes(routes, { user: null });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('button', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
  });
});
