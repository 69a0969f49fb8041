import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { categories, card, fakeCatalogueApi, listing } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { ListingCard } from '../../features/catalogue/components/listing-card';
import { ListingPage } from './listing-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

/** The product page by the listing's kind of trade (issue 32): a rent, a car sold by contact. */

const answer = fakeCatalogueApi();
const routes = [{ path: '/items/:id/:slug', element: <ListingPage /> }];

const villa = listing({
  title: 'Villa in Arabian Ranches',
  slug: 'villa-in-arabian-ranches',
  price_fils: 12_000_000,
  price_period: 'year',
  negotiable: false,
  // Even a condition left from before would not show: a rent has none.
  condition: 'new',
  category: { id: 9, name: 'Property for rent', slug: 'property-for-rent', trade_kind: 'rent' },
  attributes: {},
  pickup: true,
  delivery: false,
  delivery_fee_fils: null,
});
const car = listing({
  title: 'Toyota Land Cruiser 2021',
  slug: 'toyota-land-cruiser-2021',
  price_fils: 21_000_000,
  negotiable: true,
  category: { id: 10, name: 'Cars', slug: 'cars', trade_kind: 'sale_contact' },
  attributes: {},
  pickup: true,
  delivery: false,
  delivery_fee_fils: null,
});

function serve(shown: ReturnType<typeof listing>) {
  answer({
    '/api/listings/5': { data: shown },
    '/api/categories': { data: categories },
    '/api/listings?seller=7&exclude=5&limit=4': { data: [], next_cursor: null },
  });
}

describe('the product page of a rent', () => {
  it('shows the price per year, no condition, no pickup, no Buy: Contact the owner and Request a viewing', async () => {
    serve(villa);
    renderRoutes(routes, { path: '/items/5/villa-in-arabian-ranches', user: layla });
    expect(await screen.findByText('AED 120,000 / year')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Contact the owner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a viewing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /buy|offer|message seller/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Condition')).not.toBeInTheDocument();
    expect(screen.queryByText('Pickup from the seller')).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in from either button, never to buy', async () => {
    serve(villa);
    renderRoutes(routes, { path: '/items/5/villa-in-arabian-ranches', user: null });
    const login = `/login?redirect=${encodeURIComponent('/items/5/villa-in-arabian-ranches')}`;
    expect(await screen.findByRole('link', { name: 'Contact the owner' })).toHaveAttribute('href', login);
    expect(screen.getByRole('link', { name: 'Request a viewing' })).toHaveAttribute('href', login);
    expect(screen.queryByRole('link', { name: 'Sign in to buy' })).not.toBeInTheDocument();
  });
});

describe('the product page of a car sold by contact', () => {
  it('offers Make an offer and Message seller, no Buy and no delivery', async () => {
    serve(car);
    renderRoutes(routes, { path: '/items/5/toyota-land-cruiser-2021', user: layla });
    expect(await screen.findByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pickup from the seller')).not.toBeInTheDocument();
    expect(screen.getByText('AED 210,000')).toBeInTheDocument();
  });

  it('asks a visitor to sign in to make an offer, not to buy', async () => {
    serve(car);
    renderRoutes(routes, { path: '/items/5/toyota-land-cruiser-2021', user: null });
    expect(await screen.findByRole('link', { name: 'Sign in to make an offer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to buy' })).not.toBeInTheDocument();
  });
});

describe('a rent’s card', () => {
  it('says what its price is for', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <ul>{<ListingCard listing={card(3, { price_fils: 850_000, price_period: 'month' })} />}</ul>,
        },
      ],
      { user: null },
    );
    expect(screen.getByText('AED 8,500 / month')).toBeInTheDocument();
  });
});
