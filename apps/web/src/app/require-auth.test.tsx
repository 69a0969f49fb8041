import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../test/render-routes';
import { RequireAuth } from './require-auth';

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}

const routes = [
  { element: <RequireAuth />, children: [{ path: '/profile', element: <h1>Your profile</h1> }] },
  { path: '/login', element: <CurrentAddress /> },
];

describe('RequireAuth', () => {
  it('shows the page to a signed-in user', async () => {
    renderRoutes(routes, { path: '/profile', user: layla });
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in, carrying the address to come back to', async () => {
    renderRoutes(routes, { path: '/profile?tab=address', user: null });
    expect(await screen.findByText('At /login?redirect=%2Fprofile%3Ftab%3Daddress')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your profile' })).not.toBeInTheDocument();
  });

  it('shows nothing while the sign-in check is under way', () => {
    renderRoutes(routes, { path: '/profile' });
    expect(screen.queryByRole('heading', { name: 'Your profile' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
  });
});
