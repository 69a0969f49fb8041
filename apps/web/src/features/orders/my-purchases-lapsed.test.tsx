import type { OrderSummary } from '@marketplace/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { MyPurchasesPage } from './my-orders-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const api = routedApi();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const order = (id: number, fields: Partial<OrderSummary>): OrderSummary => ({
  id,
  kind: 'buy',
  status: 'lapsed',
  awaiting: null,
  role: 'buyer',
  listing: { id: 100 + id, title: `Lamp ${id}`, slug: `lamp-${id}`, thumb: null },
  buyer: { id: 1, name: 'Layla Haddad' },
  seller: { id: 2, name: 'Noor Haddad' },
  quantity: 1,
  unit_price_fils: 150_000,
  listed_price_fils: 150_000,
  delivery_method: 'pickup',
  delivery_fee_fils: 0,
  total_fils: 150_000,
  rounds: 0,
  deadline_at: null,
  created_at: hoursAgo(30),
  updated_at: hoursAgo(2),
  actions: [],
  can_review: false,
  ...fields,
});

describe('My purchases: requests another order beat (decision 028)', () => {
  it('shows those of the last days as no longer available, not the older ones nor other endings', async () => {
    const sent = api({
      'GET /api/orders': () => ({ body: { data: { action_needed: [], waiting: [] } } }),
      'GET /api/orders/history': () => ({
        body: {
          data: [order(1, {}), order(2, { status: 'declined' }), order(3, { updated_at: hoursAgo(8 * 24) })],
          next_cursor: null,
        },
      }),
    });
    renderRoutes([{ path: '/account/purchases', element: <MyPurchasesPage /> }], {
      path: '/account/purchases',
      user: layla,
    });
    const group = await screen.findByRole('list', { name: /No longer available: another order took what was left/ });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Lamp 1') as unknown]);
    expect(within(group).getByText('No longer available')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Lamp 1' })).toHaveAttribute('href', '/orders/1');
    expect(sent.find((request) => request.path === '/api/orders/history')?.query.get('role')).toBe('buyer');
  });
});
