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
  it('links a visitor to the home page, logging in and creating an account', () => {
    renderRoutes(routes, { user: null });
    expect(footerLinks()).toEqual([
      ['Home', '/'],
      ['Log in', '/login'],
      ['Create an account', '/register'],
    ]);
  });

  it('links a signed-in user to the home page and their profile', () => {
    renderRoutes(routes, { user: layla });
    expect(footerLinks()).toEqual([
      ['Home', '/'],
      ['Profile', '/profile'],
    ]);
  });
});
