import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { categories, fakeCatalogueApi, listing, seller } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { listingQueryKey } from '../../lib/api/get-listing';
import { ListingPage } from './listing-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const answer = fakeCatalogueApi();
const routes = [{ path: '/items/:id/:slug', element: <ListingPage /> }];
const related = '/api/listings?seller=7&exclude=5&limit=4';

function serve(shown: ReturnType<typeof listing> | number) {
  return answer({
    '/api/listings/5': typeof shown === 'number' ? shown : { data: shown },
    '/api/categories': { data: categories },
    [related]: { data: [], next_cursor: null },
  });
}

describe('the product page', () => {
  it('shows a visitor the listing: price, title, attributes by their labels, delivery and the seller', async () => {
    const asked = serve(listing({ negotiable: true }));
    renderRoutes(routes, { path: '/items/5/iphone-13-128-gb', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13, 128 GB' })).toBeInTheDocument();
    expect(screen.getByText('AED 1,250')).toBeInTheDocument();
    expect(screen.getByText('Negotiable')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('ConditionGood');
    expect(await within(details).findByText('Apple')).toBeInTheDocument();
    expect(details).toHaveTextContent('Storage128 GB');
    expect(details).toHaveTextContent('UnlockedYes');
    expect(screen.getByText('Delivery by the seller for AED 25')).toBeInTheDocument();
    const sellerCard = screen.getByRole('complementary', { name: 'Seller' });
    expect(within(sellerCard).getByRole('heading', { name: seller.name })).toBeInTheDocument();
    expect(within(sellerCard).getByText('4.5 out of 5 · 12 reviews')).toBeInTheDocument();
    expect(within(sellerCard).getByText('E-mail verified')).toBeInTheDocument();
    expect(within(sellerCard).getByRole('link', { name: 'See the seller\u2019s page' })).toHaveAttribute(
      'href',
      '/users/7',
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/items/5/iphone-13-128-gb')}`,
    );
    expect(screen.getByRole('button', { name: 'Save iPhone 13, 128 GB' })).toHaveAttribute('aria-pressed', 'false');
    for (const name of [/buy/i, /offer/i, /message/i]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(asked).toEqual(expect.arrayContaining(['/api/listings/5', '/api/categories', related]));
  });

  it('says how often the listing was seen, and when it changed an hour or more after it went live', async () => {
    const published = Date.now() - 3 * 24 * 3600 * 1000;
    serve(
      listing({
        views: 12,
        published_at: new Date(published).toISOString(),
        updated_at: new Date(published + 2 * 24 * 3600 * 1000).toISOString(),
      }),
    );
    renderRoutes(routes, { path: '/items/5/iphone-13-128-gb', user: null });
    expect(await screen.findByText('12 views')).toBeInTheDocument();
    expect(screen.getByText(/^Updated /)).toHaveAttribute(
      'datetime',
      new Date(published + 2 * 24 * 3600 * 1000).toISOString(),
    );
  });

  it('says nothing of an edit made within the hour it went live', async () => {
    const published = Date.now() - 3 * 24 * 3600 * 1000;
    serve(
      listing({
        views: 1,
        published_at: new Date(published).toISOString(),
        updated_at: new Date(published + 60_000).toISOString(),
      }),
    );
    renderRoutes(routes, { path: '/items/5/iphone-13-128-gb', user: null });
    expect(await screen.findByText('1 view')).toBeInTheDocument();
    expect(screen.queryByText(/^Updated /)).not.toBeInTheDocument();
  });

  it('shows the description as text, line breaks kept, never as HTML', async () => {
    serve(listing({ description: 'Line one\n<b>not bold</b><img src=x onerror=alert(1)>' }));
    renderRoutes(routes, { path: '/items/5/x', user: null });
    const description = await screen.findByText(/Line one/);
    expect(description.textContent).toBe('Line one\n<b>not bold</b><img src=x onerror=alert(1)>');
    expect(description.querySelector('b, img')).toBeNull();
    expect(description).toHaveAttribute('data-user-content');
  });

  it('shows its seller the state and a link to edit, not the buyer’s actions', async () => {
    serve(listing({ seller: { ...seller, id: layla.id }, status: 'paused', actions: ['edit', 'resume'] }));
    renderRoutes(routes, { path: '/items/5/x', user: layla });
    expect(await screen.findByText('This is your listing. It is paused.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', '/items/5/edit');
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('is the not-found page for a listing that does not exist', async () => {
    serve(404);
    renderRoutes(routes, { path: '/items/5/x', user: null });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('says plainly that the moderators removed a listing the API answers 410 for', async () => {
    serve(410);
    renderRoutes(routes, { path: '/items/5/x', user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This listing was removed by our moderators' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('It broke our rules, so it is no longer for sale.');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('says so when a listing open on the screen stops being available', async () => {
    let current: unknown = { data: listing() };
    answer({
      '/api/listings/5': () => current,
      '/api/categories': { data: categories },
      [related]: { data: [], next_cursor: null },
    });
    const { queryClient } = renderRoutes(routes, { path: '/items/5/x', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13, 128 GB' })).toBeInTheDocument();
    current = 404;
    await queryClient.invalidateQueries({ queryKey: listingQueryKey(5) });
    expect(await screen.findByText('This listing is no longer available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See similar items' })).toHaveAttribute('href', '/c/mobile-phones');
  });
});
