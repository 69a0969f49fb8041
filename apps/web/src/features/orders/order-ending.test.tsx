import type { Order } from '@marketplace/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { order } from '../../test/order-fixtures';
import { routedApi } from '../../test/selling-fixtures';
import { OrderPage } from './order-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const api = routedApi();

/** Order 12 for 3 iPhones, ended when another order left only `available` (decision 028). */
const lapsed = (role: 'buyer' | 'seller', available: number): Order =>
  order({
    kind: 'buy',
    status: 'lapsed',
    awaiting: null,
    role,
    buyer: { id: 1, name: 'Layla H.' },
    seller: { id: 9, name: 'Gulf Goods' },
    quantity: 3,
    unit_price_fils: 180_000,
    total_fils: 540_000,
    rounds: 0,
    deadline_at: null,
    updated_at: '2026-11-24T11:00:00.000Z',
    actions: [],
    timeline: [
      {
        id: 1,
        action: 'request',
        from: null,
        to: 'requested',
        actor: 'buyer',
        data: { price_fils: 180_000, quantity: 3 },
        created_at: '2026-11-24T10:00:00.000Z',
      },
      {
        id: 2,
        action: 'lapse',
        from: 'requested',
        to: 'lapsed',
        actor: null,
        data: { available },
        created_at: '2026-11-24T11:00:00.000Z',
      },
    ],
  });

const showOrder = (shown: Order) => {
  api({ 'GET /api/orders/12': () => ({ status: 200, body: { data: shown } }) });
  renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], { path: '/orders/12', user: layla });
};

describe('/orders/:id of a request that lost the race', () => {
  it('tells the buyer why it ended and what they can do next', async () => {
    showOrder(lapsed('buyer', 2));
    const ending = await screen.findByRole('region', { name: 'No longer available' });
    expect(
      within(ending).getByText(
        'Only 2 are left, fewer than the 3 you asked for, so your request has ended. Nothing is owed.',
      ),
    ).toBeInTheDocument();
    expect(within(ending).getByRole('link', { name: 'Order what is left' })).toHaveAttribute(
      'href',
      '/items/5/iphone-13-128-gb',
    );
    expect(within(ending).getByRole('link', { name: 'Find similar listings' })).toHaveAttribute(
      'href',
      '/search?q=iPhone+13%2C+128+GB',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No longer available This request has ended. Nothing is owed.',
    );
    expect(screen.getByText('No longer available: another order took what was left')).toBeInTheDocument();
    // A Buy is at the listed price: its price is the price, never a proposal nor an agreement.
    expect(screen.getByText('Price', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByText('Price proposed')).not.toBeInTheDocument();
    expect(screen.queryByText('Agreed price')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What you can do now' })).not.toBeInTheDocument();
  });

  it('tells the seller that nothing is needed from them', async () => {
    showOrder(lapsed('seller', 0));
    const ending = await screen.findByRole('region', { name: 'No longer available' });
    expect(ending).toHaveTextContent(
      'Another order took what was left, so this request has ended. Nothing is needed from you.',
    );
    expect(within(ending).queryByRole('link')).not.toBeInTheDocument();
  });

  it('points a buyer whose last one went to another buyer at the listing, to save it', async () => {
    showOrder(lapsed('buyer', 0));
    const ending = await screen.findByRole('region', { name: 'No longer available' });
    expect(
      within(ending).getByText('The last one went to another buyer, so your request has ended. Nothing is owed.'),
    ).toBeInTheDocument();
    expect(
      within(ending).getByRole('link', { name: 'See the listing: save it to hear if it is for sale again' }),
    ).toHaveAttribute('href', '/items/5/iphone-13-128-gb');
  });
});
