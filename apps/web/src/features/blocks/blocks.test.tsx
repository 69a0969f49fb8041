import type { BlockedUser, User } from '@marketplace/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { BlockUserControl } from './block-user-control';
import { BlockedUsersPage } from './blocked-users-page';

const api = routedApi();
const omar = { id: 7, name: 'Omar K.' };
const blockedOmar: BlockedUser = { user: { ...omar, avatar: null }, blocked_at: '2026-11-20T10:00:00.000Z' };

/** The fake API's blocks, changed by PUT and DELETE as the server would. */
function blocksApi(initial: BlockedUser[], put: () => Reply = () => ({ status: 204 })) {
  let list = initial;
  return api({
    'GET /api/blocks': () => ({ body: { data: list } }),
    'PUT /api/blocks/7': () => {
      const reply = put();
      if ((reply.status ?? 200) < 300) list = [blockedOmar];
      return reply;
    },
    'DELETE /api/blocks/7': () => {
      list = [];
      return { status: 204 };
    },
  });
}

const onSellerPage = (user: User | null = layla) =>
  renderRoutes(
    [
      {
        path: '/users/7',
        element: (
          <>
            <BlockUserControl user={omar} />
            <ToastOutlet />
          </>
        ),
      },
    ],
    { path: '/users/7', user },
  );

describe('blocking from someone’s page', () => {
  it('asks first, then blocks and says so, with Unblock in its place', async () => {
    const sent = blocksApi([]);
    onSellerPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block Omar K.' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Omar K.?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Omar K. is blocked.')).toBeInTheDocument();
    expect(
      await screen.findByText('Omar K. is blocked: neither of you can message or order from the other.'),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      '/api/blocks/7',
    ]);
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Omar K. is unblocked.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Block Omar K.' })).toBeInTheDocument();
  });

  it('Escape and Cancel leave things as they were', async () => {
    const sent = blocksApi([]);
    onSellerPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block Omar K.' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block Omar K.' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('shows the server’s reason when it refuses', async () => {
    blocksApi([], () => ({
      status: 409,
      body: { message: 'You can block at most 1000 people. Unblock someone first.' },
    }));
    onSellerPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block Omar K.' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You can block at most 1000 people. Unblock someone first.')).toBeInTheDocument();
  });

  it('offers nothing to a visitor or on one’s own page', () => {
    const sent = blocksApi([]);
    const { unmount } = onSellerPage(null);
    expect(screen.queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();
    unmount();
    onSellerPage({ ...layla, id: omar.id });
    expect(screen.queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('Blocked people', () => {
  it('lists them with the date, and unblocks one', async () => {
    blocksApi([blockedOmar]);
    renderRoutes(
      [
        {
          path: '/account/blocked',
          element: (
            <>
              <BlockedUsersPage />
              <ToastOutlet />
            </>
          ),
        },
      ],
      { path: '/account/blocked', user: layla },
    );
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getByRole('link', { name: 'Omar K.' })).toHaveAttribute('href', '/users/7');
    expect(within(list).getByText(/Blocked .*2026/)).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Omar K.' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let calls = 0;
    api({
      'GET /api/blocks': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : { body: { data: [] } };
      },
    });
    renderRoutes([{ path: '/account/blocked', element: <BlockedUsersPage /> }], {
      path: '/account/blocked',
      user: layla,
    });
    expect(await screen.findByText('Your blocked people could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});
