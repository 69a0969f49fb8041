import type { Favourite } from '@marketplace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { card } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { FavouritesPage } from './favourites-page';

const api = routedApi();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const favourite = (id: number, fields: Partial<Favourite> = {}, listing = {}): Favourite => ({
  listing: card(id, listing),
  saved_at: hoursAgo(id),
  saved_price_fils: 125_000,
  saved_status: 'active',
  ...fields,
});

function renderPage(favourites: Favourite[], remove: () => Reply = () => ({ status: 204 })) {
  const sent = api({
    'GET /api/favourites': ({ query }) => ({
      body: {
        data: favourites.filter((entry) =>
          query.get('show') === 'ended'
            ? entry.listing.status !== 'active'
            : query.get('show') !== 'available' || entry.listing.status === 'active',
        ),
        next_cursor: null,
      },
    }),
    'GET /api/favourites/ids': () => ({ body: { data: favourites.map((entry) => entry.listing.id) } }),
    'DELETE /api/favourites/3': remove,
  });
  const view = renderRoutes(
    [
      {
        path: '/account/favourites',
        element: (
          <>
            <FavouritesPage />
            <ToastOutlet />
          </>
        ),
      },
    ],
    { path: '/account/favourites', user: layla },
  );
  return { ...view, sent };
}

const entry = (title: string) => screen.getByRole('listitem', { name: title });

describe('/account/favourites', () => {
  it('lists what the user saved, newest first, with what changed since', async () => {
    renderPage([
      favourite(1, {}, { price_fils: 100_000, seller_rating: { average: 4.8, count: 5 } }),
      favourite(2, {}, { status: 'sold' }),
      favourite(3, {}, { status: 'removed' }),
      favourite(4, { saved_status: 'expired' }),
    ]);
    const list = await screen.findByRole('list', { name: 'All' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Phone number 1', 'Phone number 2', 'Phone number 3', 'Phone number 4']);
    expect(within(entry('Phone number 1')).getByText('Price dropped from AED 1,250 to AED 1,000')).toBeInTheDocument();
    expect(within(entry('Phone number 1')).getByRole('link', { name: 'Phone number 1' })).toHaveAttribute(
      'href',
      '/items/1/phone-1',
    );
    expect(within(entry('Phone number 2')).getByText('Sold')).toBeInTheDocument();
    expect(entry('Phone number 2')).toHaveClass('is-ended');
    expect(within(entry('Phone number 4')).getByText('Available again')).toBeInTheDocument();
    // A removed listing is greyed, has no page to open, and can be cleared.
    const removed = entry('Phone number 3');
    expect(within(removed).getByText('No longer listed')).toBeInTheDocument();
    expect(within(removed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(removed).getByRole('button', { name: 'Clear Phone number 3' })).toBeInTheDocument();
    expect(within(entry('Phone number 1')).getByText('Saved 1 hour ago')).toBeInTheDocument();
    // The seller's stars, where the seller has reviews.
    expect(within(entry('Phone number 1')).getByRole('img', { name: '4.8 out of 5, 5 reviews' })).toBeVisible();
    expect(within(entry('Phone number 4')).queryByRole('img', { name: /out of 5/ })).not.toBeInTheDocument();
  });

  it('quotes a saved rent’s prices per its period, where it dropped too (issue 32)', async () => {
    renderPage([
      favourite(1, { saved_price_fils: 12_000_000 }, { price_fils: 11_000_000, price_period: 'year', condition: null }),
    ]);
    const rent = await screen.findByRole('listitem', { name: 'Phone number 1' }, { timeout: 5000 });
    expect(within(rent).getByText('AED 110,000 / year')).toBeInTheDocument();
    expect(within(rent).getByText('Price dropped from AED 120,000 / year to AED 110,000 / year')).toBeInTheDocument();
  });

  it('filters available and ended ones, the filter in the address', async () => {
    const { router, sent } = renderPage([favourite(1), favourite(2, {}, { status: 'expired' })]);
    await screen.findByRole('list', { name: 'All' });
    await userEvent.click(screen.getByRole('link', { name: 'Ended' }));
    const ended = await screen.findByRole('list', { name: 'Ended' });
    expect(
      within(ended)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Phone number 2']);
    expect(within(ended).getByText('Expired')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?show=ended');
    expect(sent.map((request) => request.query.get('show'))).toContain('ended');
    await userEvent.click(screen.getByRole('link', { name: 'Available' }));
    expect(await screen.findByRole('list', { name: 'Available' })).toHaveTextContent('Phone number 1');
  });

  it('removes an entry at once, and brings it back with a toast when the server fails', async () => {
    const { sent } = renderPage([favourite(3, {}, { status: 'removed' })], () => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear Phone number 3' }));
    expect(
      await screen.findByText('The listing could not be removed from your favourites. Try again in a moment.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Phone number 3' })).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/favourites/3',
    ]);
  });

  it('removes an entry for good when the server agrees', async () => {
    renderPage([favourite(3)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Phone number 3' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Phone number 3' })).not.toBeInTheDocument());
  });

  it('says what to do when nothing is saved', async () => {
    renderPage([]);
    expect(await screen.findByText('Nothing saved yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find something to save' })).toHaveAttribute('href', '/search');
  });
});
