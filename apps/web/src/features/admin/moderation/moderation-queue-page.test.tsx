import type { ModerationQueue, QueueItem } from '@marketplace/contracts/staff';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deliver, type Listening } from '../../../test/notification-fixtures';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received } from '../../../test/selling-fixtures';
import { AtTheDesk } from './moderation-fixtures';
import { ModerationQueuePage } from './moderation-queue-page';

/** What the page listens to on the real-time connection: the test publishes through it. */
const realtime = vi.hoisted(() => ({ listening: [] as Listening[] }));
vi.mock('../../../lib/realtime', async () =>
  (await import('../../../test/notification-fixtures')).realtimeModule(realtime.listening),
);

const api = routedApi();

const item = (id: number, fields: Partial<QueueItem> = {}): QueueItem => ({
  type: 'listing',
  id,
  title: `Listing ${id}`,
  owner: { id: 7, name: 'Omar S.' },
  open_reports: 1,
  oldest_report_at: Date.now() - 3 * 24 * 3600 * 1000,
  newest_report_at: Date.now() - 3600 * 1000,
  reasons: ['scam'],
  ...fields,
});

const counts = { listing: 4, conversation: 1, user: 2 };

function renderQueue(answer: (received: Received) => ModerationQueue, path = '/admin/moderation') {
  const sent = api({ 'GET /api/admin/moderation': (received) => ({ body: answer(received) }) });
  renderRoutes(
    [
      {
        path: '/admin/moderation',
        element: (
          <AtTheDesk>
            <ModerationQueuePage />
          </AtTheDesk>
        ),
      },
      { path: '/admin/moderation/:type/:id', element: <h1>Target</h1> },
    ],
    { path, user: layla },
  );
  return { asked: () => sent.map((request) => request.query.toString()) };
}

describe('the moderation queue', () => {
  it('lists each target with its owner, open reports, reasons in words and age, and tabs with the counts', async () => {
    renderQueue(() => ({
      data: [
        item(5, { title: 'iPhone 13 <i>cheap</i>', open_reports: 3, reasons: ['scam', 'counterfeit'] }),
        item(12, { type: 'conversation', title: 'Sofa', reasons: ['He insulted me'] }),
        item(7, { type: 'user', title: 'Omar S.', reasons: ['harassment'] }),
      ],
      next_cursor: null,
      counts,
    }));
    const list = await screen.findByRole('list', { name: 'Reported targets' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((row) => row.parentElement === list);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'iPhone 13 <i>cheap</i>' })).toHaveAttribute(
      'href',
      '/admin/moderation/listing/5',
    );
    expect(rows[0]).toHaveTextContent('3 open reports');
    expect(rows[0]).toHaveTextContent('Owner: Omar S.');
    expect(rows[0]).toHaveTextContent('oldest report 3 days ago');
    expect(within(rows[0] as HTMLElement).getByRole('list', { name: 'Reasons' })).toHaveTextContent(
      'It looks like a scamThe item is counterfeit',
    );
    expect(rows[1]).toHaveTextContent('He insulted me');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'Omar S.' })).toHaveAttribute(
      'href',
      '/admin/moderation/user/7',
    );
    expect(rows[2]).toHaveTextContent('Harassment or threats');
    expect(rows[2]).not.toHaveTextContent('Owner:');
    expect(document.querySelector('i')).toBeNull();

    const tabs = screen.getByRole('navigation', { name: 'Reports by type' });
    expect(within(tabs).getByRole('link', { name: 'All (7 open reports)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Listings (4 open reports)' })).toHaveAttribute(
      'href',
      '/admin/moderation?type=listing',
    );
    expect(within(tabs).getByRole('link', { name: 'People (2 open reports)' })).toBeInTheDocument();
  });

  it('asks one type from its tab, and the next page with the cursor', async () => {
    const { asked } = renderQueue(({ query }) =>
      query.get('cursor') === 'next-1'
        ? { data: [item(9)], next_cursor: null, counts }
        : { data: [item(5)], next_cursor: 'next-1', counts },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /^Listings/ }));
    expect(await screen.findByRole('link', { name: /^Listings/, current: 'page' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Listing 9' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked()).toEqual(['', 'type=listing', 'type=listing&cursor=next-1']);
  });

  it('asks again when the staff channel says the queue changed', async () => {
    let reported = false;
    renderQueue(() => ({
      data: reported ? [item(5), item(6, { title: 'Just reported' })] : [item(5)],
      next_cursor: null,
      counts,
    }));
    await screen.findByRole('link', { name: 'Listing 5' });
    reported = true;
    // The event names the target's type too (queueChangedEventSchema), beyond the id every event checks.
    const changed = { type: 'listing', id: 6 };
    act(() => deliver(realtime.listening, 'private-staff', 'moderation.queue-changed', changed));
    expect(await screen.findByRole('link', { name: 'Just reported' })).toBeInTheDocument();
  });

  it('says when there is nothing to review', async () => {
    renderQueue(() => ({ data: [], next_cursor: null, counts: { listing: 0, conversation: 0, user: 0 } }));
    expect(await screen.findByText('Nothing to review: there are no open reports.')).toBeInTheDocument();
  });
});
