import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mobileMediaQuery } from '../lib/breakpoints';
import { ToastOutlet } from '../lib/toasts/toast-outlet';
import { deliver, notification, type Listening } from '../test/notification-fixtures';
import { layla, renderRoutes } from '../test/render-routes';
import { routedApi, type Received, type Reply } from '../test/selling-fixtures';
import { SiteHeader } from './site-header';

const realtime = vi.hoisted(() => ({ listening: [] as Listening[] }));
vi.mock('../lib/realtime', async () =>
  (await import('../test/notification-fixtures')).realtimeModule(realtime.listening),
);

const api = routedApi();
const routes = [{ path: '*', element: <SiteHeader /> }];

function viewportIsMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === mobileMediaQuery,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const unread = notification({ id: 5, title: 'Your order was accepted', path: '/items/7/iphone-13' });
const read = notification({
  id: 4,
  title: 'A new message from Omar',
  path: null,
  read_at: new Date().toISOString(),
});

/** A fake API with `count` unread (the first of the latest two among them): the count, the latest ten, marking read. */
function serve(count: number, extra: Record<string, (received: Received) => Reply> = {}) {
  let unreadCount = count;
  let items = [unread, read];
  const readNow = (id?: number) => {
    items = items.map((item) =>
      id === undefined || item.id === id ? { ...item, read_at: item.read_at ?? new Date().toISOString() } : item,
    );
  };
  return api({
    'GET /api/notifications/unread-count': () => ({ body: { data: { unread_count: unreadCount } } }),
    'GET /api/notifications': () => ({ body: { data: items, next_cursor: null, unread_count: unreadCount } }),
    'POST /api/notifications/5/read': () => {
      unreadCount = Math.max(0, unreadCount - 1);
      readNow(5);
      return { body: { data: items[0] } };
    },
    'POST /api/notifications/read-all': () => {
      unreadCount = 0;
      readNow();
      return { body: { data: { unread_count: 0 } } };
    },
    // Opening the list: every one up to the newest is seen, and stays unread.
    'POST /api/notifications/seen': () => {
      unreadCount = 0;
      return { body: { data: { unread_count: 0 } } };
    },
    ...extra,
  });
}

const bell = (name: string | RegExp = /^Notifications/) => screen.getByRole('button', { name });

beforeEach(() => {
  realtime.listening.length = 0;
  viewportIsMobile(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the notification bell', () => {
  it('is not there for a visitor, and asks nothing', () => {
    const sent = serve(3);
    renderRoutes(routes, { user: null });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(realtime.listening).toEqual([]);
  });

  it('says how many are unread, in its badge and in its name', async () => {
    serve(3);
    renderRoutes(routes, { user: layla });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(within(bell()).getByText('3')).toHaveAttribute('aria-hidden', 'true');
  });

  it('names no count when nothing is unread', async () => {
    const sent = serve(0);
    renderRoutes(routes, { user: layla });
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/api/notifications/unread-count'));
    expect(bell('Notifications')).toBeInTheDocument();
    expect(within(bell()).queryByText('0')).not.toBeInTheDocument();
  });

  it("rises live with a new notification on the user's private channel, and says so to screen readers", async () => {
    serve(1);
    renderRoutes(routes, { user: layla });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(realtime.listening.filter((entry) => !entry.stopped).map((entry) => entry.channel)).toContain(
      'private-user.1',
    );

    deliver(realtime.listening, 'private-user.1', 'notification.created', { notification_id: 9, unread_count: 2 });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByText('2 unread notifications')).toBeInTheDocument();

    // Read in another tab: the count the event brings is the count shown.
    deliver(realtime.listening, 'private-user.1', 'notifications.read', { unread_count: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens a dropdown of the latest ten, from the keyboard too; Escape closes it and returns focus', async () => {
    const sent = serve(1);
    renderRoutes(routes, { user: layla });
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const first = await screen.findByRole('link', { name: /Your order was accepted/ });
    expect(first).toHaveAttribute('href', '/items/7/iphone-13');
    expect(first).toHaveTextContent('Unread');
    // Without a page of its own, a notification leads to the list.
    expect(screen.getByRole('link', { name: /A new message from Omar/ })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/account/notifications',
    );
    expect(sent.find((request) => request.path === '/api/notifications')?.query.get('limit')).toBe('10');

    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /Your order was accepted/ })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('clears its badge when opened, and keeps what is unread marked unread', async () => {
    const sent = serve(3);
    renderRoutes(routes, { user: layla });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(bell()).queryByText('3')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Your order was accepted/ })).toHaveTextContent('Unread');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.filter((request) => request.path === '/api/notifications/seen').map(({ body }) => body)).toEqual([
        { up_to: 5 },
      ]),
    );
    // One arriving after the list was closed raises it again.
    await userEvent.keyboard('{Escape}');
    deliver(realtime.listening, 'private-user.1', 'notification.created', { notification_id: 9, unread_count: 1 });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks a notification read when it is followed', async () => {
    const sent = serve(1);
    const { router } = renderRoutes(routes, { user: layla });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /Your order was accepted/ }));

    expect(router.state.location.pathname).toBe('/items/7/iphone-13');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST' && request.path === '/api/notifications/5/read')).toBe(
      true,
    );
    // The dropdown closed behind the link.
    expect(screen.queryByRole('link', { name: 'See all notifications' })).not.toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const sent = serve(1);
    renderRoutes(routes, { user: layla });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/api/notifications/read-all')).toBe(true);
    expect(screen.getByRole('link', { name: /Your order was accepted/ })).not.toHaveTextContent('Unread');
  });

  it('puts the unread mark back and says so when marking read fails', async () => {
    serve(1, { 'POST /api/notifications/5/read': () => ({ status: 500, body: { message: 'Server Error' } }) });
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <SiteHeader />
              <ToastOutlet />
            </>
          ),
        },
      ],
      { user: layla },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /Your order was accepted/ }));
    expect(await screen.findByText('Could not mark as read. Check your connection and try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('link', { name: /Your order was accepted/ })).toHaveTextContent('Unread');
  });
});

describe('below the mobile breakpoint', () => {
  it('puts the count on the Menu button and a Notifications row in the submenu', async () => {
    viewportIsMobile(true);
    serve(2);
    renderRoutes(routes, { user: layla });
    const menu = screen.getByRole('button', { name: 'Menu' });
    await waitFor(() => expect(menu).toHaveAccessibleDescription('2 unread notifications'));
    await userEvent.click(menu);
    const submenu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(submenu).getByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });
});
