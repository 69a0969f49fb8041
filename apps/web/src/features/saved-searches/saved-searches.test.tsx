import type { SavedSearch } from '@marketplace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { SaveSearch } from './save-search';
import { SavedSearchesPage } from './saved-searches-page';

const api = routedApi();

const phones: SavedSearch = {
  id: 4,
  name: 'Phones',
  query: 'q=iphone&category=mobile-phones',
  alerts: 'instant',
  created_at: '2026-11-20T10:00:00.000Z',
  new_matches: 3,
};

describe('Save this search', () => {
  it('saves the search with its name and alerts, then links to the saved searches', async () => {
    const sent = api({
      'POST /api/saved-searches': () => ({ status: 201, body: { data: { ...phones, new_matches: 0 } } }),
    });
    renderRoutes(
      [{ path: '/search', element: <SaveSearch search={{ q: 'iphone' }} suggestedName="Results for “iphone”" /> }],
      {
        path: '/search?q=iphone',
        user: layla,
      },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Results for “iphone”');
    await user.clear(name);
    await user.type(name, 'iPhones');
    await user.click(screen.getByRole('radio', { name: 'Once a day' }));
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByRole('link', { name: 'See your saved searches' })).toHaveAttribute(
      'href',
      '/account/saved-searches',
    );
    expect(sent.map((request) => request.body)).toEqual([{ name: 'iPhones', query: 'q=iphone', alerts: 'daily' }]);
  });

  it('shows the server’s reason under the name', async () => {
    api({
      'POST /api/saved-searches': (): Reply => ({
        status: 429,
        body: { message: 'Too many', errors: { name: ['Too many saved searches. Please try again in 60 seconds.'] } },
      }),
    });
    renderRoutes([{ path: '/search', element: <SaveSearch search={{}} suggestedName="All listings" /> }], {
      path: '/search',
      user: layla,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Too many saved searches. Please try again in 60 seconds.',
    );
  });

  it('sends a visitor to log in first, back to the same results', () => {
    renderRoutes([{ path: '/search', element: <SaveSearch search={{ q: 'iphone' }} suggestedName="x" /> }], {
      path: '/search?q=iphone',
      user: null,
    });
    expect(screen.getByRole('link', { name: 'Save this search' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/search?q=iphone')}`,
    );
  });
});

describe('/account/saved-searches', () => {
  function renderPage(change: () => Reply = () => ({ body: { data: { ...phones, alerts: 'off' } } })) {
    const sent = api({
      'GET /api/saved-searches': () => ({ body: { data: [phones] } }),
      'PATCH /api/saved-searches/4': change,
      'DELETE /api/saved-searches/4': () => ({ status: 204 }),
      'POST /api/saved-searches/4/seen': () => ({ body: { data: { ...phones, new_matches: 0 } } }),
    });
    renderRoutes(
      [
        {
          path: '/account/saved-searches',
          element: (
            <>
              <SavedSearchesPage />
              <ToastOutlet />
            </>
          ),
        },
        { path: '/search', element: <h1>Search</h1> },
      ],
      { path: '/account/saved-searches', user: layla },
    );
    return sent;
  }

  it('lists each search with its new matches, opening it as a search', async () => {
    const sent = renderPage();
    const row = await screen.findByRole('listitem', { name: 'Phones' }, { timeout: 5000 });
    expect(within(row).getByText('3 new')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'Phones' }));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/saved-searches/4/seen']),
    );
  });

  it('changes the alerts at once, and puts them back with a toast when the server fails', async () => {
    renderPage(() => ({ status: 500, body: {} }));
    const select = await screen.findByRole('combobox', { name: 'Alerts' }, { timeout: 5000 });
    await userEvent.selectOptions(select, 'Off');
    expect(await screen.findByText('The alerts could not be changed. Try again in a moment.')).toBeInTheDocument();
    expect(select).toHaveValue('instant');
  });

  it('deletes a search', async () => {
    const sent = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Phones' }, { timeout: 5000 }));
    expect(await screen.findByText('No saved searches yet.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/saved-searches/4']);
  });
});
