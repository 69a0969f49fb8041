import type { Order } from '@marketplace/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { order } from '../../test/order-fixtures';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { OrderPage } from './order-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const api = routedApi();

const showOrder = () =>
  renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], { path: '/orders/12', user: layla });
const ok = (data: Order): Reply => ({ status: 200, body: { data } });
const actionsRegion = () => screen.getByRole('region', { name: 'What you can do now' });

describe('/orders/:id', () => {
  it('shows the order, its timeline, and only the actions the API gives the reader', async () => {
    api({ 'GET /api/orders/12': () => ok(order()) });
    showOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #12 · iPhone 13, 128 GB' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Awaiting an answer Waiting for your answer.');
    expect(screen.queryByText('requested')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'iPhone 13, 128 GB' })).toHaveAttribute(
      'href',
      '/items/5/iphone-13-128-gb',
    );
    expect(screen.getByText('Waiting for your answer.')).toBeInTheDocument();
    expect(screen.getByText('Ordered by the buyer')).toBeInTheDocument();
    const buttons = within(actionsRegion())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Accept', 'Propose another price', 'Decline']);
    expect(screen.queryByRole('button', { name: 'Withdraw the request' })).not.toBeInTheDocument();
    expect(screen.getByText('Contact details show here once the order is accepted.')).toBeInTheDocument();
  });

  it('shows no actions when the API gives none, and the other side’s contact once accepted', async () => {
    api({
      'GET /api/orders/12': () =>
        ok(
          order({
            status: 'accepted',
            awaiting: null,
            role: 'buyer',
            actions: [],
            contact: { name: 'Layla Haddad', email: 'layla@example.com', phone: '+971501234567' },
          }),
        ),
    });
    showOrder();
    expect(await screen.findByRole('link', { name: 'layla@example.com' })).toHaveAttribute(
      'href',
      'mailto:layla@example.com',
    );
    expect(screen.queryByRole('region', { name: 'What you can do now' })).not.toBeInTheDocument();
  });

  it('proposes another price with a client key, shows the rounds left, and shows the order as the API answers', async () => {
    const sent = api({
      'GET /api/orders/12': () => ok(order()),
      'POST /api/orders/12/counter': () =>
        ok(order({ awaiting: 'buyer', unit_price_fils: 170_000, rounds: 2, actions: ['decline'] })),
    });
    showOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Propose another price' }));
    const price = screen.getByRole('textbox', { name: /New price/ });
    expect(price).toHaveAccessibleDescription('2 more prices can be proposed in all.');
    await user.type(price, '1,700');
    await user.click(screen.getByRole('button', { name: 'Propose another price: send' }));
    expect(await screen.findByText('Waiting for the other side’s answer.')).toBeInTheDocument();
    const posted = sent.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({
      client_key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as string,
      price_fils: 170_000,
    });
    expect(
      within(actionsRegion())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Decline']);
  });

  it('shows a step that is under way, then a 409’s message', async () => {
    let refuse: (reply: Reply) => void = () => undefined;
    api({
      'GET /api/orders/12': () => ok(order()),
      'POST /api/orders/12/accept': () =>
        new Promise<Reply>((resolve) => {
          refuse = resolve;
        }),
    });
    showOrder();
    const user = userEvent.setup();
    const accept = await screen.findByRole('button', { name: 'Accept' });
    await user.click(accept);
    expect(accept).toBeDisabled();
    expect(accept).toHaveAttribute('aria-busy', 'true');
    refuse({ status: 409, body: { message: 'Not enough units are left: 0 available.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough units are left: 0 available.');
    expect(accept).toBeEnabled();
  });

  it('puts a 422 under its field: cancelling needs a reason', async () => {
    const sent = api({
      'GET /api/orders/12': () => ok(order({ status: 'accepted', awaiting: null, actions: ['hand_over', 'cancel'] })),
      'POST /api/orders/12/cancel': () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { reason: ['The Reason field is required'] } },
      }),
    });
    showOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the order: send' }));
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('The Reason field is required'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { client_key: expect.any(String) as string, reason: null },
    ]);
  });

  it('uses the same client key when a failed step is tried again', async () => {
    const sent = api({
      'GET /api/orders/12': () => ok(order({ status: 'handed_over', role: 'buyer', actions: ['confirm_receipt'] })),
      'POST /api/orders/12/confirm-receipt': () => ({ status: 503, body: { message: 'Service Unavailable' } }),
    });
    showOrder();
    const user = userEvent.setup();
    const confirm = await screen.findByRole('button', { name: 'Confirm receipt' });
    await user.click(confirm);
    await screen.findByRole('alert');
    await user.click(confirm);
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(2));
    const [first, second] = sent.filter((request) => request.method === 'POST');
    expect((first?.body as { client_key: string }).client_key).toBe(
      (second?.body as { client_key: string }).client_key,
    );
  });

  it('reviews the other side with stars and words, once', async () => {
    const completed = order({ status: 'completed', awaiting: null, role: 'buyer', actions: [], can_review: true });
    const sent = api({
      'GET /api/orders/12': () => ok(completed),
      'POST /api/orders/12/review': () => ({
        status: 201,
        body: {
          data: {
            ...completed,
            can_review: false,
            reviews: [{ side: 'buyer', rating: 4, text: 'Quick and kind.', created_at: '2026-11-27T10:00:00.000Z' }],
          },
        },
      }),
    });
    showOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Review' }), 'Quick and kind.');
    await user.click(screen.getByRole('button', { name: 'Send the review' }));
    expect(await screen.findByText('Your review: 4 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the review' })).not.toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ rating: 4, text: 'Quick and kind.' });
  });

  it('puts a missing rating under the stars', async () => {
    api({
      'GET /api/orders/12': () =>
        ok(order({ status: 'completed', awaiting: null, role: 'buyer', actions: [], can_review: true })),
      'POST /api/orders/12/review': () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { rating: ['Rating is not valid.'] } },
      }),
    });
    showOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the review' }));
    expect(await screen.findByRole('group', { name: /Rating/ })).toHaveAccessibleDescription('Rating is not valid.');
  });

  it('shows a plain Buy’s price as the price, never as a proposal', async () => {
    api({
      'GET /api/orders/12': () =>
        ok(order({ kind: 'buy', unit_price_fils: 180_000, total_fils: 180_000, rounds: 0, actions: ['accept'] })),
    });
    showOrder();
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(details).toHaveTextContent('PriceAED 1,800');
    expect(details).not.toHaveTextContent('Price proposed');
    expect(details).not.toHaveTextContent('Free');
  });

  it('labels the note sent with a proposed price as a note, and a decline’s as its reason', async () => {
    const counter = {
      id: 2,
      action: 'counter' as const,
      from: 'requested' as const,
      to: 'requested' as const,
      actor: 'seller' as const,
      data: { price_fils: 170_000, reason: 'With the original box' },
      created_at: '2026-11-24T11:00:00.000Z',
    };
    api({
      'GET /api/orders/12': () =>
        ok(order({ reason: 'With the original box', timeline: [...order().timeline, counter], awaiting: 'buyer' })),
    });
    showOrder();
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(details).toHaveTextContent('Note with the proposed priceWith the original box');
    expect(within(details).queryByText('Reason')).not.toBeInTheDocument();
    cleanup();

    api({
      'GET /api/orders/12': () =>
        ok(
          order({
            status: 'declined',
            awaiting: null,
            role: 'buyer',
            actions: [],
            reason: 'Sold elsewhere',
            timeline: [
              ...order().timeline,
              { ...counter, action: 'decline', to: 'declined', data: { reason: 'Sold elsewhere' } },
            ],
          }),
        ),
    });
    showOrder();
    expect(await screen.findByRole('region', { name: 'Order details' })).toHaveTextContent(
      'Why it was declinedSold elsewhere',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Declined The seller declined this order. Nothing is owed.');
  });

  it('links to the conversation with the other side', async () => {
    const sent = api({
      'GET /api/orders/12': () => ok(order()),
      'GET /api/conversations': () => ({ body: { data: [{ id: 3 }], next_cursor: null } }),
    });
    showOrder();
    expect(await screen.findByRole('link', { name: 'Messages with the buyer' })).toHaveAttribute('href', '/messages/3');
    expect(sent.find((request) => request.path === '/api/conversations')?.query.get('order')).toBe('12');
  });

  it('shows the not-found page for an order that is not the reader’s', async () => {
    api({ 'GET /api/orders/12': () => ({ status: 404, body: { message: 'Not Found' } }) });
    showOrder();
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
  });
});
