import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey, useCurrentUser } from '../lib/api/get-current-user';
import { http } from '../lib/http';
import { pageNavigation } from '../lib/page-navigation';
import type { ChannelOf, RealtimeHandlers } from '../lib/realtime-client';
import { layla, renderRoutes } from '../test/render-routes';
import { RealtimeBridge } from './realtime-bridge';

const realtime = vi.hoisted(() => ({
  listening: [] as { channel: string; handlers: RealtimeHandlers; stopped: boolean }[],
  disconnects: 0,
  renewals: 0,
}));

vi.mock('../lib/realtime', async () => {
  const { realtimeChannels } = await import('@marketplace/contracts');
  return {
    listen: (channelOf: ChannelOf, handlers: RealtimeHandlers) => {
      const entry = { channel: channelOf(realtimeChannels), handlers, stopped: false };
      realtime.listening.push(entry);
      return () => {
        entry.stopped = true;
      };
    },
    disconnectRealtime: () => {
      realtime.disconnects += 1;
    },
    renewRealtime: () => {
      realtime.renewals += 1;
    },
  };
});

function SignedInName() {
  const { data: user } = useCurrentUser();
  return <p>{user ? `${user.first_name} ${user.last_name}` : 'Signed out'}</p>;
}

const routes = [
  {
    path: '*',
    element: (
      <>
        <RealtimeBridge />
        <SignedInName />
      </>
    ),
  },
];
const active = () => realtime.listening.filter((entry) => !entry.stopped);
const network = http.transport;

beforeEach(() => {
  realtime.listening.length = 0;
  realtime.disconnects = 0;
  realtime.renewals = 0;
});
afterEach(() => {
  http.transport = network;
});

describe('RealtimeBridge', () => {
  it("listens on the signed-in user's private channel only", () => {
    renderRoutes(routes, { user: layla });
    expect(active().map((entry) => entry.channel)).toEqual(['private-user.1']);
  });

  it('refreshes the current user and the profile when profile.updated arrives', async () => {
    const { queryClient } = renderRoutes(routes, { user: layla });
    queryClient.setQueryData([...currentUserQueryKey, 'profile'], { first_name: 'Layla' });
    http.transport = () =>
      Promise.resolve({ data: { data: { ...layla, first_name: 'Leila' } }, status: 200, headers: new Headers() });
    expect(screen.getByText('Layla Haddad')).toBeInTheDocument();

    active()[0]?.handlers['profile.updated']?.({ user_id: layla.id });
    expect(await screen.findByText('Leila Haddad')).toBeInTheDocument();
    expect(queryClient.getQueryState([...currentUserQueryKey, 'profile'])?.isInvalidated).toBe(true);
  });

  it('stops listening and disconnects when the user signs out', () => {
    const { queryClient } = renderRoutes(routes, { user: layla });
    // What logging out does (features/auth/api/logout.ts): nothing of the old user's data survives.
    queryClient.clear();
    queryClient.setQueryData(currentUserQueryKey, null);
    return vi.waitFor(() => {
      expect(active()).toEqual([]);
      expect(realtime.disconnects).toBe(1);
    });
  });

  it('signs the page out and loads it afresh when the server ends the session (a suspension)', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const { queryClient } = renderRoutes(routes, { user: layla });
    queryClient.setQueryData([...currentUserQueryKey, 'notifications'], { unread: 3 });
    http.transport = () =>
      Promise.resolve({ data: { message: 'Unauthenticated.' }, status: 401, headers: new Headers() });
    active()[0]?.handlers.sessionEnded?.();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    // Nothing of the old session's data stays, and the connection it signed is closed.
    expect(queryClient.getQueryData([...currentUserQueryKey, 'notifications'])).toBeUndefined();
    await vi.waitFor(() => expect(realtime.disconnects).toBe(1));
    expect(realtime.renewals).toBe(0);
    // A full load: the page's CSRF token belonged to the ended session.
    expect(reload).toHaveBeenCalledOnce();
    reload.mockRestore();
  });

  it('leaves it to this tab’s own logout when that is what ended the session', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const { queryClient } = renderRoutes(routes, { user: layla });
    const asked: string[] = [];
    let loggedOut: () => void = () => undefined;
    http.transport = (request) => {
      asked.push(`${request.method} ${request.url}`);
      if (request.method === 'GET') return Promise.resolve({ data: {}, status: 401, headers: new Headers() });
      return new Promise((resolve) => {
        loggedOut = () => resolve({ data: {}, status: 204, headers: new Headers({ 'x-csrf-token': 'guest' }) });
      });
    };
    const logout = queryClient.getMutationCache().build(queryClient, { mutationFn: () => http.post('/logout') });
    const done = logout.execute(undefined);
    await vi.waitFor(() => expect(asked).toEqual(['POST /logout']));
    // The server closed this tab's connection as it ended the session, before answering the logout.
    active()[0]?.handlers.sessionEnded?.();
    loggedOut();
    await done;
    expect(asked).toEqual(['POST /logout']);
    expect(reload).not.toHaveBeenCalled();
    reload.mockRestore();
  });

  it('listens on anew when the session that ended was replaced (still signed in)', async () => {
    renderRoutes(routes, { user: layla });
    http.transport = () => Promise.resolve({ data: { data: layla }, status: 200, headers: new Headers() });
    active()[0]?.handlers.sessionEnded?.();
    await vi.waitFor(() => expect(realtime.renewals).toBe(1));
    expect(screen.getByText('Layla Haddad')).toBeInTheDocument();
    expect(realtime.disconnects).toBe(0);
  });

  it('connects nothing for a visitor, and leaves the page’s own public channels open', () => {
    renderRoutes(routes, { user: null });
    expect(realtime.listening).toEqual([]);
    // A product page may be listening on its listing: being signed out from the start ends nothing.
    expect(realtime.disconnects).toBe(0);
  });
});
