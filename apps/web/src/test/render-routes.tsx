import type { User } from '@marketplace/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { currentUserQueryKey } from '../lib/api/get-current-user';

export const layla: User = {
  id: 1,
  first_name: 'Layla',
  last_name: 'Haddad',
  email: 'layla@example.com',
  account_type: 'individual',
  avatar: null,
  company: null,
  locale: null,
  email_verified: true,
};

/**
 * Renders routes in a memory router at `path`. `user` answers the sign-in check (null: signed out);
 * left out, the check stays pending.
 */
export function renderRoutes(routes: RouteObject[], { path = '/', user }: { path?: string; user?: User | null } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
