import type { AccountSession } from '@marketplace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toasts/notify';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { SessionsSection } from './sessions-section';

const api = routedApi();

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: 'this-one',
  device: 'computer',
  browser: 'Chrome',
  os: 'Windows',
  signed_in_at: '2026-11-20T08:00:00.000Z',
  last_active_at: '2026-11-24T09:30:00.000Z',
  current: false,
  ...overrides,
});

function serve(initial: AccountSession[]) {
  let rows = initial;
  const sent = api({
    'GET /api/account/sessions': () => ({ body: { data: rows } }),
    'DELETE /api/account/sessions': () => {
      const count = rows.filter((row) => !row.current).length;
      rows = rows.filter((row) => row.current);
      return { body: { data: { signed_out: count } } };
    },
    'DELETE /api/account/sessions/phone-1': () => {
      rows = rows.filter((row) => row.id !== 'phone-1');
      return { status: 204 };
    },
  });
  renderRoutes([{ path: '/account/password', element: <SessionsSection /> }], {
    path: '/account/password',
    user: layla,
  });
  return sent;
}

const three = [
  session({ id: 'this-one', current: true }),
  session({ id: 'phone-1', device: 'phone', browser: 'Safari', os: 'iOS' }),
  session({ id: 'tablet-1', device: 'tablet', browser: null, os: 'Android' }),
];

describe('sessions on other devices', () => {
  it('lists each session with its device, browser and last activity, and marks this device', async () => {
    serve(three);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Phone');
    expect(items[1]).toHaveTextContent('Safari · iOS');
    expect(items[1]).toHaveTextContent(/Last active 24 Nov 2026/);
    expect(items[2]).toHaveTextContent('Tablet');
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Sign out' })).toHaveAccessibleDescription(
      /Phone.*Safari · iOS/,
    );
  });

  it('signs one device out and shows the list without it', async () => {
    const success = vi.spyOn(notify, 'success');
    const sent = serve(three);
    const phone = (await screen.findAllByRole('listitem'))[1] as HTMLElement;
    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(success).toHaveBeenCalledWith('That device has been signed out.');
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/account/sessions/phone-1',
    ]);
  });

  it('signs out everywhere else, says how many, and then says only this device is signed in', async () => {
    const success = vi.spyOn(notify, 'success');
    serve(three);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('2 other devices have been signed out.');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });
});
