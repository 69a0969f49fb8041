import type { Order } from '@marketplace/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { order } from '../../test/order-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { OrderPage } from './order-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const api = routedApi();
const ok = (data: Order): Reply => ({ status: 200, body: { data } });
const showOrder = () =>
  renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], { path: '/orders/12', user: layla });
/** The call's paragraph, whose words run across the seller's isolated name. */
const callSaying = (words: RegExp) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && words.test(element.textContent ?? '');
const asBuyer = (fields: Partial<Order>) =>
  order({ role: 'buyer', kind: 'buy', awaiting: null, actions: [], ...fields });

describe('the buyer asked for a review', () => {
  it('right after confirming receipt: when the review opens, and that a reminder will come', async () => {
    let current = asBuyer({ status: 'handed_over', actions: ['confirm_receipt'] });
    api({
      'GET /api/orders/12': () => ok(current),
      'POST /api/orders/12/confirm-receipt': () => {
        current = asBuyer({ status: 'received', deadline_at: '2026-11-28T10:00:00.000Z', actions: ['dispute'] });
        return ok(current);
      },
    });
    showOrder();
    expect(screen.queryByText(callSaying(/How did it go/))).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    const call = await screen.findByText(callSaying(/^Thank you for confirming\. How did it go\?/));
    expect(call).toHaveTextContent('You can review Layla H. once the order completes');
    expect(call).toHaveTextContent('we will remind you');
    expect(call.querySelector('bdi')).toHaveTextContent('Layla H.');
  });

  it('once completed, until when, above the form; nothing once reviewed, nothing for the seller', async () => {
    const completed = { status: 'completed' as const, deadline_at: null, review_until: '2026-12-08T10:00:00.000Z' };
    api({ 'GET /api/orders/12': () => ok(asBuyer({ ...completed, can_review: true })) });
    const first = showOrder();
    expect(
      await screen.findByText(callSaying(/Review Layla H\. by .*: your stars help other buyers\./)),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /5/ })).toBeInTheDocument();
    first.unmount();

    api({ 'GET /api/orders/12': () => ok(asBuyer({ ...completed, can_review: false })) });
    const second = showOrder();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(callSaying(/your stars help/))).not.toBeInTheDocument();
    second.unmount();

    api({ 'GET /api/orders/12': () => ok(order({ ...completed, awaiting: null, actions: [], can_review: true })) });
    showOrder();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(callSaying(/your stars help/))).not.toBeInTheDocument();
  });
});
