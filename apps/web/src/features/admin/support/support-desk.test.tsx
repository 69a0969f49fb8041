import type { StaffSupportTicket, SupportQueue } from '@marketplace/contracts/support';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deliver, type Listening } from '../../../test/notification-fixtures';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi } from '../../../test/selling-fixtures';
import { AtTheDesk } from '../moderation/moderation-fixtures';
import { SupportQueuePage } from './support-queue-page';
import { SupportTicketPage } from './support-ticket-page';

/** What the page listens to on the real-time connection: the test publishes through it. */
const realtime = vi.hoisted(() => ({ listening: [] as Listening[] }));
vi.mock('../../../lib/realtime', async () =>
  (await import('../../../test/notification-fixtures')).realtimeModule(realtime.listening),
);

const api = routedApi();

const queue = (subjects: string[]): SupportQueue => ({
  data: subjects.map((subject, index) => ({
    id: 10 + index,
    topic: 'order',
    state: 'new',
    subject,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    requester: 'Noura Buyer',
    user_id: 5,
    assignee: null,
    locale: 'ar',
  })),
  next_cursor: null,
  counts: { new: subjects.length, waiting_user: 0, waiting_staff: 2, resolved: 9 },
});

const ticket = (fields: Partial<StaffSupportTicket> = {}): StaffSupportTicket => ({
  id: 10,
  topic: 'order',
  state: 'new',
  subject: 'My order',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  order_id: 44,
  listing_id: null,
  photos_left: 0,
  requester: 'Noura Buyer',
  email: 'noura@example.com',
  user_id: 5,
  locale: 'ar',
  assignee: null,
  assignable: [{ id: 900, name: 'Mona Staff' }],
  messages: [
    {
      id: 1,
      from: 'user',
      author: null,
      body: 'My order has not arrived.',
      created_at: '2026-11-20T10:00:00.000Z',
      photos: [],
      internal: false,
    },
    {
      id: 2,
      from: 'staff',
      author: 'Mona',
      body: 'Checked the seller twice.',
      created_at: '2026-11-20T11:00:00.000Z',
      photos: [],
      internal: true,
    },
  ],
  ...fields,
});

describe('the support desk', () => {
  it('lists the open tickets with their counts, and asks again when the staff channel says one changed', async () => {
    let answer = queue(['My order']);
    const sent = api({ 'GET /api/admin/support': () => ({ body: answer }) });
    renderRoutes(
      [
        {
          path: '/admin/support',
          element: (
            <AtTheDesk role="support">
              <SupportQueuePage />
            </AtTheDesk>
          ),
        },
      ],
      { path: '/admin/support', user: layla },
    );
    expect(await screen.findByRole('link', { name: /#10 My order/ })).toHaveAttribute('href', '/admin/support/10');
    expect(screen.getByRole('link', { name: /^Open\s*3$/ })).toHaveAttribute('aria-current', 'page');
    answer = queue(['My order', 'Where is my refund']);
    act(() => deliver(realtime.listening, 'private-staff', 'support.queue-changed', { ticket_id: 11 }));
    expect(await screen.findByRole('link', { name: /#11 Where is my refund/ })).toBeInTheDocument();
    expect(sent.map((request) => request.query.get('state'))).toEqual(['open', 'open']);
  });

  it("shows the note as staff's only, links the user's page and order, and inserts a canned answer in the user's language", async () => {
    const sent = api({
      'GET /api/admin/support/tickets/10': () => ({ body: { data: ticket() } }),
      'GET /api/admin/support/canned': () => ({
        body: {
          data: [
            {
              id: 3,
              title_en: 'Hand-over',
              title_ar: 'التسليم',
              body_en: 'Pay on hand-over.',
              body_ar: 'ادفع عند التسليم.',
            },
          ],
        },
      }),
      'POST /api/admin/support/tickets/10/messages': () => ({ body: { data: ticket({ state: 'waiting_user' }) } }),
    });
    renderRoutes(
      [
        {
          path: '/admin/support/:id',
          element: (
            <AtTheDesk role="support">
              <SupportTicketPage />
            </AtTheDesk>
          ),
        },
      ],
      { path: '/admin/support/10', user: layla },
    );
    expect(await screen.findByText('Checked the seller twice.')).toBeInTheDocument();
    expect(screen.getAllByText('Internal note').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: "The user's page" })).toHaveAttribute('href', '/admin/users/5');
    expect(screen.getByRole('link', { name: 'Order #44' })).toHaveAttribute('href', '/admin/users/5');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Insert a saved reply'), 'التسليم');
    expect(screen.getByLabelText('Reply to the user')).toHaveValue('ادفع عند التسليم.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      body: 'ادفع عند التسليم.',
      internal: false,
    });
    expect(screen.getByTestId('desk-state')).toHaveTextContent('Answered');
  });
});
