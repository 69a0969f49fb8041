import type { StaffRole } from '@marketplace/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadToasts } from '../../../lib/toasts/notify';
import { ToastOutlet } from '../../../lib/toasts/toast-outlet';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { StaffDesk, type StaffScreenHandle } from '../staff-desk';
import { laylaAs, member } from './staff-fixtures';
import { StaffPage } from './staff-page';

const api = routedApi();

beforeAll(async () => {
  await loadToasts();
});

/**
 * The server as it answers Layla (account 1), an admin with Omar, another admin: her session says the
 * role she holds now; the staff list is an admin's (403 to other roles), and the back-office is a 404
 * once she holds none.
 */
function deskApi(extra: Record<string, (received: Received) => Reply> = {}) {
  let mine: StaffRole | null = 'admin';
  const sent = api({
    'GET /api/admin/session': () =>
      mine === null ? { status: 404, body: { message: 'Not Found' } } : { body: laylaAs(mine) },
    'GET /api/admin/staff': () =>
      mine === 'admin'
        ? {
            body: {
              data: [
                member({ role: mine }),
                member({ user_id: 7, name: 'Omar Saleh', email: 'omar@example.com', role: 'admin' }),
              ],
            },
          }
        : { status: 403, body: { message: 'This action is unauthorized.' } },
    'PUT /api/admin/staff/1': ({ body }) => {
      mine = (body as { role: StaffRole }).role;
      return { status: 204 };
    },
    'DELETE /api/admin/staff/1': () => {
      mine = null;
      return { status: 204 };
    },
    ...extra,
  });
  return sent;
}

const staffScreen: StaffScreenHandle = { staffAction: 'staff.manage' };

function renderDesk() {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <ToastOutlet />
          </>
        ),
        children: [
          { path: '/', element: <h1>Buy and sell with people</h1> },
          {
            path: '/admin',
            element: <StaffDesk />,
            children: [
              { index: true, element: <h1>Dashboard</h1> },
              { path: 'staff', element: <StaffPage />, handle: staffScreen },
            ],
          },
        ],
      },
    ],
    { path: '/admin/staff', user: layla },
  );
}

const myRow = async () => {
  const table = await screen.findByRole('table', { name: 'Staff members' });
  return within(table).getAllByText('Layla Haddad')[0]?.closest('tr') as HTMLElement;
};

const sections = () => screen.getByRole('navigation', { name: 'Back-office sections' });

describe('an admin changing their own role at /admin/staff', () => {
  it('lands on the dashboard as the new role, told so, with only that role’s sections; Back says the staff screen is not theirs', async () => {
    const sent = deskApi();
    const { router } = renderDesk();
    const user = userEvent.setup();
    const me = await myRow();
    expect(within(sections()).getByRole('link', { name: 'Staff' })).toBeInTheDocument();
    await user.selectOptions(within(me).getByLabelText('Role of Layla Haddad'), 'moderator');
    await user.click(within(me).getByRole('button', { name: 'Save the role of Layla Haddad' }));

    expect(
      await screen.findByText('Your role is now moderator: the back-office shows what it allows you.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sections()).toHaveTextContent('Layla Haddad, moderator');
    expect(within(sections()).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(within(sections()).queryByRole('link', { name: 'Categories' })).not.toBeInTheDocument();
    expect(within(sections()).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.queryByText('The staff list could not be loaded.')).not.toBeInTheDocument();
    // The staff list was not asked again under the new role, which may not read it.
    const afterChange = sent.slice(sent.findIndex((request) => request.method === 'PUT'));
    expect(afterChange.filter((request) => request.path === '/api/admin/staff')).toEqual([]);

    // Back to the admin's screen: the desk says the role does not open it, and asks the server nothing.
    const asked = sent.length;
    await router.navigate(-1);
    expect(await screen.findByText('Your role does not open this screen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/admin');
    expect(sent.slice(asked).filter((request) => request.path === '/api/admin/staff')).toEqual([]);
  });

  it('leaves the back-office for the home page, told so, after taking their own role away', async () => {
    deskApi();
    const { router } = renderDesk();
    const user = userEvent.setup();
    const me = await myRow();
    await user.click(within(me).getByRole('button', { name: 'Remove Layla Haddad from staff' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));

    expect(
      await screen.findByText('You no longer hold a staff role: you have left the back-office.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Buy and sell with people' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back-office sections' })).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();

    // The back-office is an unknown address for them now, asked afresh.
    await router.navigate('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('stays on the staff screen when the server keeps them as the last admin (409)', async () => {
    deskApi({
      'PUT /api/admin/staff/1': () => ({
        status: 409,
        body: { message: 'The back-office needs at least one admin: make someone else admin first.' },
      }),
    });
    const { router } = renderDesk();
    const user = userEvent.setup();
    const me = await myRow();
    await user.selectOptions(within(me).getByLabelText('Role of Layla Haddad'), 'support');
    await user.click(within(me).getByRole('button', { name: 'Save the role of Layla Haddad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The back-office needs at least one admin: make someone else admin first.',
    );
    await waitFor(() => expect(within(me).getByLabelText('Role of Layla Haddad')).toHaveValue('admin'));
    expect(router.state.location.pathname).toBe('/admin/staff');
    expect(within(sections()).getByRole('link', { name: 'Staff' })).toBeInTheDocument();
  });
});
