import type { Notification } from '@marketplace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notification } from '../../test/notification-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../test/selling-fixtures';
import { notificationParts } from './notification-text';
import { NotificationsPage } from './notifications-page';

const api = routedApi();

/** Twenty-five notifications, newest (id 25) first; the odd ones unread. */
const all: Notification[] = Array.from({ length: 25 }, (_, index) => {
  const id = 25 - index;
  return notification({
    id,
    title: `Notification ${id}`,
    path: `/items/${id}/thing`,
    read_at: id % 2 === 1 ? null : '2026-11-20T10:00:00.000Z',
  });
});

/** GET /api/notifications as the server pages it: 20 at a time, before the cursor, unread only on ?unread=1. */
function listing(items: Notification[]) {
  return ({ query }: Received): Reply => {
    const before = Number(query.get('cursor') ?? Infinity);
    const chosen = items.filter((item) => item.id < before && (query.get('unread') !== '1' || !item.read_at));
    const page = chosen.slice(0, 20);
    return {
      body: {
        data: page,
        next_cursor: chosen.length > 20 ? String(page.at(-1)?.id) : null,
        unread_count: items.filter((item) => !item.read_at).length,
      },
    };
  };
}

function renderPage(path: string, items: Notification[], extra: Record<string, (received: Received) => Reply> = {}) {
  const sent = api({
    'GET /api/notifications': listing(items),
    'GET /api/notifications/unread-count': () => ({
      body: { data: { unread_count: items.filter((item) => !item.read_at).length } },
    }),
    'POST /api/notifications/seen': () => ({ body: { data: { unread_count: 0 } } }),
    ...extra,
  });
  const view = renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], { path, user: layla });
  return { ...view, sent };
}

describe('/notifications', () => {
  it('lists them newest first, each a link to what it is about, and loads more with the cursor', async () => {
    const { sent } = renderPage('/notifications', all);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Notification 25' })).toHaveAttribute(
      'href',
      '/items/25/thing',
    );
    expect(within(rows[0] as HTMLElement).getByText('Unread')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('Unread')).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Orders · 5 minutes ago');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(
      sent.filter((request) => request.path === '/api/notifications').map((request) => request.query.get('cursor')),
    ).toEqual([null, '6']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('tells the server the user has seen up to the newest, once, and keeps the unread ones unread', async () => {
    const { sent } = renderPage('/notifications', all);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() =>
      expect(sent.filter((request) => request.path === '/api/notifications/seen').map(({ body }) => body)).toEqual([
        { up_to: 25 },
      ]),
    );
    expect(within(list).getAllByText('Unread')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(sent.filter((request) => request.path === '/api/notifications/seen')).toHaveLength(1);
  });

  it('asks nothing when there is nothing new to see', async () => {
    const { sent } = renderPage('/notifications', [notification({ read_at: '2026-11-20T10:00:00.000Z' })]);
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(sent.some((request) => request.path === '/api/notifications/unread-count')).toBe(true));
    expect(sent.some((request) => request.path === '/api/notifications/seen')).toBe(false);
  });

  it('filters to the unread ones through the address', async () => {
    const { router, sent } = renderPage('/notifications', all);
    await screen.findByRole('list', { name: 'Notifications' });
    const filters = screen.getByRole('navigation', { name: 'Which notifications' });
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(filters).getByRole('link', { name: 'Unread only' }));
    expect(router.state.location.search).toBe('?unread=1');
    const list = await screen.findByRole('list', { name: 'Unread only' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(13);
    expect(within(filters).getByRole('link', { name: 'Unread only' })).toHaveAttribute('aria-current', 'page');
    expect(sent.some((request) => request.path === '/api/notifications' && request.query.get('unread') === '1')).toBe(
      true,
    );
  });

  it('marks one as read in place', async () => {
    const items = [notification({ id: 3, title: 'Offer received' })];
    const { sent } = renderPage('/notifications', items, {
      'POST /api/notifications/3/read': () => ({
        body: { data: { ...items[0], read_at: new Date().toISOString() } },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read: “Offer received”' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark as read: “Offer received”' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST' && request.path === '/api/notifications/3/read')).toBe(
      true,
    );
  });

  it('marks all as read, and then has nothing to mark', async () => {
    let items = all;
    const { sent } = renderPage('/notifications', all, {
      'GET /api/notifications': (received) => listing(items)(received),
      'POST /api/notifications/read-all': () => {
        items = items.map((item) => ({ ...item, read_at: item.read_at ?? new Date().toISOString() }));
        return { body: { data: { unread_count: 0 } } };
      },
    });
    await screen.findByRole('list', { name: 'Notifications' });
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(sent.some((request) => request.path === '/api/notifications/read-all')).toBe(true);
    await waitFor(() => expect(screen.queryAllByText('Unread', { exact: true })).toEqual([]));
    expect(button).toBeDisabled();
  });

  it('says what to expect when there is none yet, and when all are read', async () => {
    renderPage('/notifications', []);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: 'Notification settings' }).at(-1)).toHaveAttribute(
      'href',
      '/account/notifications',
    );
  });

  it('says when nothing is unread', async () => {
    renderPage('/notifications?unread=1', [notification({ read_at: '2026-11-20T10:00:00.000Z' })]);
    expect(await screen.findByText('You are all caught up: nothing unread.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    renderPage('/notifications', all, {
      'GET /api/notifications': (received) =>
        fail ? { status: 500, body: { message: 'Server Error' } } : listing(all)(received),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your notifications could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('a notification’s words', () => {
  it('isolate the names and titles people wrote (<bdi>), and read out the same', async () => {
    const arabic = notification({
      id: 1,
      type: 'message.unread',
      title: 'أرسل إليك Omar K. رسالتين بشأن «iPhone 13 (128 GB)»',
      body: 'ردّ على الموقع: المحادثة بانتظارك.',
      data: { conversation_id: 3, name: 'Omar K.', title: 'iPhone 13 (128 GB)', count: 2 },
      path: '/messages/3',
    });
    const english = notification({
      id: 2,
      type: 'order.cancelled',
      title: 'The order for “كنبة زرقاء” was cancelled',
      body: 'Reason given: باعها لغيري.',
      data: { order_id: 4, title: 'كنبة زرقاء', reason: 'باعها لغيري' },
      path: '/orders/4',
    });
    renderPage('/notifications', [english, arabic]);
    const link = await screen.findByRole('link', { name: 'أرسل إليك Omar K. رسالتين بشأن «iPhone 13 (128 GB)»' });
    expect([...link.querySelectorAll('bdi[dir="auto"]')].map((bdi) => bdi.textContent)).toEqual([
      'Omar K.',
      'iPhone 13 (128 GB)',
    ]);
    const cancelled = screen.getByRole('link', { name: 'The order for “كنبة زرقاء” was cancelled' });
    expect(cancelled.querySelector('bdi')).toHaveTextContent('كنبة زرقاء');
    expect(screen.getByText('باعها لغيري').tagName).toBe('BDI');
    expect(screen.getByText('ردّ على الموقع: المحادثة بانتظارك.').querySelector('bdi')).toBeNull();
  });

  it('are split around each name or title, longest first, wherever it is found', () => {
    expect(
      notificationParts('Omar sent Omar Khalid a note about “Omar”', { name: 'Omar Khalid', title: 'Omar' }),
    ).toEqual([
      { text: 'Omar', isolated: true },
      { text: ' sent ', isolated: false },
      { text: 'Omar Khalid', isolated: true },
      { text: ' a note about “', isolated: false },
      { text: 'Omar', isolated: true },
      { text: '”', isolated: false },
    ]);
    expect(notificationParts('Your password was changed', { minutes: 60 })).toEqual([
      { text: 'Your password was changed', isolated: false },
    ]);
    expect(notificationParts('A code stays as it is', { reason: '', count: 3 })).toEqual([
      { text: 'A code stays as it is', isolated: false },
    ]);
  });
});
