import type { OrderSummary, OrderTotalsResponse } from '@marketplace/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deliver, type Listening } from '../../test/notification-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { MyPurchasesPage, MySalesPage } from './my-orders-page';
import { OrdersHistoryPage } from './orders-history-page';

/** A paragraph whose whole text is `text`, the other party's name in its own element within it. */
const line = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

const realtime = vi.hoisted(() => ({ listening: [] as Listening[] }));
vi.mock('../../lib/realtime', async () =>
  (await import('../../test/notification-fixtures')).realtimeModule(realtime.listening),
);

beforeEach(() => {
  realtime.listening.length = 0;
});

const api = routedApi();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const order = (id: number, fields: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  kind: 'buy',
  status: 'requested',
  awaiting: 'seller',
  role: 'seller',
  listing: { id: 100 + id, title: `Lamp ${id}`, slug: `lamp-${id}`, thumb: `/media/photos/p${id}-thumb.webp` },
  buyer: { id: 2, name: 'Noor Haddad' },
  seller: { id: 1, name: 'Layla Haddad' },
  quantity: 1,
  unit_price_fils: 150_000,
  listed_price_fils: 150_000,
  delivery_method: 'pickup',
  delivery_fee_fils: 0,
  total_fils: 150_000,
  rounds: 1,
  deadline_at: null,
  created_at: hoursAgo(5),
  updated_at: hoursAgo(2),
  actions: [],
  can_review: false,
  ...fields,
});

const entry = (title: string) => screen.getByRole('listitem', { name: title });

describe('My sales and My purchases', () => {
  it('groups open orders by what needs my action first, each row with what matters, live on my channel', async () => {
    let open = {
      action_needed: [order(1, { quantity: 2, total_fils: 300_000 })],
      waiting: [order(2, { status: 'accepted', awaiting: null, role: 'seller' })],
    };
    const sent = api({ 'GET /api/orders': () => ({ body: { data: open } }) });
    renderRoutes([{ path: '/account/sales', element: <MySalesPage /> }], { path: '/account/sales', user: layla });

    expect(await screen.findByRole('heading', { name: 'My sales', level: 1 })).toBeInTheDocument();
    const needs = await screen.findByRole('list', { name: /Needs your action/ });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-labelledby')),
    ).toHaveLength(1);
    const row = entry('Lamp 1');
    expect(within(row).getByRole('link', { name: 'Lamp 1' })).toHaveAttribute('href', '/orders/1');
    expect(within(row).getByText(line('Buyer: Noor Haddad'))).toBeInTheDocument();
    expect(within(row).getByText('AED 3,000')).toBeInTheDocument();
    expect(within(row).getByText('2 units')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting an answer')).toBeInTheDocument();
    expect(within(row).getByText('Last change 2 hours ago')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', '/media/photos/p1-thumb.webp');
    const waiting = screen.getByRole('list', { name: /Waiting for the other party/ });
    expect(within(waiting).getByText('Accepted')).toBeInTheDocument();
    expect(sent.map((request) => request.query.get('role'))).toEqual(['seller']);

    // A buyer orders: the seller's channel says so and the list asks again.
    open = { ...open, action_needed: [order(3), ...open.action_needed] };
    await waitFor(() => expect(realtime.listening.some((item) => item.channel === 'private-user.1')).toBe(true));
    act(() => deliver(realtime.listening, 'private-user.1', 'order.updated', { order_id: 3 }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: /Needs your action/ }))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Lamp 3', 'Lamp 1']),
    );
  });

  it('says when nothing is under way, and when one group is empty', async () => {
    api({ 'GET /api/orders': () => ({ body: { data: { action_needed: [], waiting: [] } } }) });
    renderRoutes([{ path: '/account/purchases', element: <MyPurchasesPage /> }], {
      path: '/account/purchases',
      user: layla,
    });
    expect(await screen.findByText('You have no purchases under way.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/search');
  });

  it('shows the other party as the seller on My purchases, and an empty group’s line', async () => {
    api({
      'GET /api/orders': ({ query }) => ({
        body: {
          data: {
            action_needed: [],
            waiting: query.get('role') === 'buyer' ? [order(4, { role: 'buyer', awaiting: 'seller' })] : [],
          },
        },
      }),
    });
    renderRoutes([{ path: '/account/purchases', element: <MyPurchasesPage /> }], {
      path: '/account/purchases',
      user: layla,
    });
    expect(await screen.findByText(line('Seller: Layla Haddad'))).toBeInTheDocument();
    expect(screen.getByText('Nothing needs your action now.')).toBeInTheDocument();
  });

  it('says when the orders could not be loaded, and tries again', async () => {
    let fail = true;
    api({
      'GET /api/orders': (): Reply =>
        fail
          ? { status: 500, body: { message: 'Server Error' } }
          : { body: { data: { action_needed: [order(5)], waiting: [] } } },
    });
    renderRoutes([{ path: '/account/sales', element: <MySalesPage /> }], { path: '/account/sales', user: layla });
    expect(await screen.findByText('Your orders could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lamp 5' })).toBeInTheDocument();
  });

  it('shows that it is loading until the answer comes', () => {
    api({ 'GET /api/orders': () => new Promise<Reply>(() => undefined) });
    renderRoutes([{ path: '/account/sales', element: <MySalesPage /> }], { path: '/account/sales', user: layla });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});

describe('/account/orders/history', () => {
  const finished = [
    order(7, { status: 'completed', awaiting: null, role: 'buyer', seller: { id: 3, name: 'Gulf Goods' } }),
    order(6, { status: 'cancelled', awaiting: null, role: 'seller' }),
  ];
  const totals: OrderTotalsResponse = {
    data: [
      { month: '2026-12', spent_fils: 50_000, bought: 1, earned_fils: 90_000, sold: 1 },
      { month: '2026-11', spent_fils: 350_000, bought: 2, earned_fils: 0, sold: 0 },
    ],
    time_zone: 'Asia/Dubai',
  };

  function renderHistory(path = '/account/orders/history') {
    const sent = api({
      'GET /api/orders/history': ({ query }) => {
        const q = (query.get('q') ?? '').toLowerCase();
        const role = query.get('role');
        return {
          body: {
            data: finished.filter(
              (item) =>
                (!role || item.role === role) &&
                (!q || item.listing.title.toLowerCase().includes(q) || item.seller.name.toLowerCase().includes(q)),
            ),
            next_cursor: null,
          },
        };
      },
      'GET /api/orders/history/totals': () => ({ body: totals }),
    });
    const view = renderRoutes([{ path: '/account/orders/history', element: <OrdersHistoryPage /> }], {
      path,
      user: layla,
    });
    return { ...view, sent };
  }

  it('lists finished orders of both sides with the totals per month', async () => {
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Finished orders' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Lamp 7', 'Lamp 6']);
    expect(within(entry('Lamp 7')).getByText(line('Seller: Gulf Goods'))).toBeInTheDocument();
    expect(within(entry('Lamp 7')).getByText('Completed')).toBeInTheDocument();
    expect(within(entry('Lamp 6')).getByText(line('Buyer: Noor Haddad'))).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Totals per month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent.replaceAll(/\s+/g, ' '))),
    ).toEqual([
      ['December 2026', 'AED 5001 order', 'AED 9001 order'],
      ['November 2026', 'AED 3,5002 orders', 'AED 00 orders'],
    ]);
    expect(screen.getByText('Completed orders only; months in your time zone (Asia/Dubai).')).toBeInTheDocument();
  });

  it('searches by title or name, keeps the search in the address, and filters by side', async () => {
    const { sent, router } = renderHistory();
    await screen.findByRole('list', { name: 'Finished orders' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by item or name' }), 'gulf');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Finished orders' })).getAllByRole('link')).toHaveLength(1),
    );
    expect(router.state.location.search).toBe('?q=gulf');
    expect(sent.at(-1)?.query.get('q')).toBe('gulf');

    await userEvent.click(screen.getByRole('link', { name: 'Sold' }));
    expect(await screen.findByText('No finished orders match “gulf”.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?role=seller&q=gulf');
    expect(screen.getByRole('link', { name: 'Sold' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when there is nothing finished yet, and no totals', async () => {
    api({
      'GET /api/orders/history': () => ({ body: { data: [], next_cursor: null } }),
      'GET /api/orders/history/totals': () => ({ body: { data: [], time_zone: 'UTC' } }),
    });
    renderRoutes([{ path: '/account/orders/history', element: <OrdersHistoryPage /> }], {
      path: '/account/orders/history',
      user: layla,
    });
    expect(await screen.findByText('No finished orders yet.')).toBeInTheDocument();
    expect(await screen.findByText('No completed orders yet.')).toBeInTheDocument();
  });
});
