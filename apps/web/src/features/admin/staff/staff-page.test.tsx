import type { StaffMember } from '@marketplace/contracts/staff';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { loadToasts } from '../../../lib/toasts/notify';
import { ToastOutlet } from '../../../lib/toasts/toast-outlet';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { StaffSessionContext } from '../api/staff-session';
import { StaffPage } from './staff-page';
import { laylaAs, member } from './staff-fixtures';

const api = routedApi();

// The toast library arrives with the first toast; here before the first test, not inside it.
beforeAll(async () => {
  await loadToasts();
});

const session = laylaAs('admin');

/** The fake API's staff list, changed by PUT, DELETE and the reset as the server would. */
function staffApi(extra: Record<string, (received: Received) => Reply> = {}) {
  let list: StaffMember[] = [
    member({}),
    member({ user_id: 7, name: 'Omar Saleh', email: 'omar@example.com', role: 'moderator' }),
    member({ user_id: 9, name: 'Rana Aziz', email: 'rana@example.com', role: 'support', second_factor: false }),
  ];
  const sent = api({
    'GET /api/admin/staff': () => ({ body: { data: list } }),
    'PUT /api/admin/staff/7': ({ body }) => {
      list = list.map((item) => (item.user_id === 7 ? { ...item, role: (body as { role: 'admin' }).role } : item));
      return { status: 204 };
    },
    'PUT /api/admin/staff/12': ({ body }) => {
      list = [...list, member({ user_id: 12, name: 'Huda Nasser', email: 'huda@example.com', ...(body as object) })];
      return { status: 204 };
    },
    'DELETE /api/admin/staff/7': () => {
      list = list.filter((item) => item.user_id !== 7);
      return { status: 204 };
    },
    'POST /api/admin/staff/7/second-factor/reset': () => {
      list = list.map((item) => (item.user_id === 7 ? { ...item, second_factor: false } : item));
      return { status: 204 };
    },
    'GET /api/admin/staff/lookup': ({ query }) =>
      query.get('email') === 'huda@example.com'
        ? { body: { data: { user_id: 12, name: 'Huda Nasser', email: 'huda@example.com', role: null } } }
        : {
            status: 404,
            body: {
              message: `No account has the e-mail address ${query.get('email')}: they sign up first, then you grant the role.`,
            },
          },
    ...extra,
  });
  return sent;
}

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/admin/staff',
        element: (
          <StaffSessionContext.Provider value={session}>
            <StaffPage />
            <ToastOutlet />
          </StaffSessionContext.Provider>
        ),
      },
    ],
    { path: '/admin/staff', user: layla },
  );
}

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Staff members' });
  // The name shows in its cell first; the controls' names for screen readers hold it too.
  return within(table).getAllByText(name)[0]?.closest('tr') as HTMLElement;
};

describe('/admin/staff', () => {
  it('lists who holds which role, with their second factor and since when, marking oneself', async () => {
    staffApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    const me = await rowOf('Layla Haddad');
    expect(within(me).getByText('you')).toBeInTheDocument();
    expect(within(me).getByLabelText('Role of Layla Haddad')).toHaveValue('admin');
    const omar = await rowOf('Omar Saleh');
    expect(omar).toHaveTextContent('omar@example.com');
    expect(omar).toHaveTextContent('Set up');
    expect(omar).toHaveTextContent('1 Nov 2026');
    const rana = await rowOf('Rana Aziz');
    expect(rana).toHaveTextContent('Not set up yet');
    expect(within(rana).queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
  });

  it('changes a role and says so', async () => {
    const sent = staffApi();
    renderPage();
    const user = userEvent.setup();
    const omar = await rowOf('Omar Saleh');
    const save = within(omar).getByRole('button', { name: 'Save the role of Omar Saleh' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(omar).getByLabelText('Role of Omar Saleh'), 'admin');
    await user.click(save);
    expect(await screen.findByText('Omar Saleh is now admin.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT').map((request) => [request.path, request.body])).toEqual([
      ['/api/admin/staff/7', { role: 'admin' }],
    ]);
  });

  it('shows why the server keeps the last admin, and puts the role back', async () => {
    staffApi({
      'PUT /api/admin/staff/1': () => ({
        status: 409,
        body: { message: 'The back-office needs at least one admin: make someone else admin first.' },
      }),
    });
    renderPage();
    const user = userEvent.setup();
    const me = await rowOf('Layla Haddad');
    await user.selectOptions(within(me).getByLabelText('Role of Layla Haddad'), 'moderator');
    await user.click(within(me).getByRole('button', { name: 'Save the role of Layla Haddad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The back-office needs at least one admin: make someone else admin first.',
    );
    expect(within(me).getByLabelText('Role of Layla Haddad')).toHaveValue('admin');
  });

  it('asks before taking a role away; Cancel and Escape leave it', async () => {
    const sent = staffApi();
    renderPage();
    const user = userEvent.setup();
    const omar = await rowOf('Omar Saleh');
    await user.click(within(omar).getByRole('button', { name: 'Remove Omar Saleh from staff' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Omar Saleh from staff?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.click(within(omar).getByRole('button', { name: 'Remove Omar Saleh from staff' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Omar Saleh no longer holds a staff role.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Staff members' });
    await rowOf('Rana Aziz');
    expect(within(table).queryByText('Omar Saleh')).not.toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/admin/staff/7',
    ]);
  });

  it('resets a second factor after asking', async () => {
    const sent = staffApi();
    renderPage();
    const user = userEvent.setup();
    const omar = await rowOf('Omar Saleh');
    await user.click(within(omar).getByRole('button', { name: 'Reset the second factor of Omar Saleh' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset the second factor of Omar Saleh?' });
    expect(dialog).toHaveTextContent('Their authenticator app and recovery codes stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(
      await screen.findByText('The second factor of Omar Saleh is reset: they set it up again on their next visit.'),
    ).toBeInTheDocument();
    expect(await within(await rowOf('Omar Saleh')).findByText('Not set up yet')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/admin/staff/7/second-factor/reset',
    ]);
  });

  it('grants a role to an account found by its e-mail address; an unknown address is said so', async () => {
    const sent = staffApi();
    renderPage();
    const user = userEvent.setup();
    const grant = await screen.findByRole('region', { name: 'Grant a role' });
    const email = within(grant).getByLabelText('E-mail address');
    await user.type(email, 'nobody@example.com');
    await user.click(within(grant).getByRole('button', { name: 'Find account' }));
    expect(await within(grant).findByRole('alert')).toHaveTextContent(
      'No account has the e-mail address nobody@example.com: they sign up first, then you grant the role.',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.type(email, 'huda@example.com');
    await user.click(within(grant).getByRole('button', { name: 'Find account' }));
    expect(await within(grant).findByText('Huda Nasser, huda@example.com')).toBeInTheDocument();
    expect(within(grant).getByText('Holds no staff role yet.')).toBeInTheDocument();
    expect(within(grant).queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(within(grant).getByLabelText('Role'), 'moderator');
    await user.click(within(grant).getByRole('button', { name: 'Grant role' }));
    expect(await screen.findByText('Huda Nasser is now moderator.')).toBeInTheDocument();
    expect(await rowOf('Huda Nasser')).toHaveTextContent('huda@example.com');
    expect(email).toHaveValue('');
    expect(sent.filter((request) => request.method === 'PUT').map((request) => [request.path, request.body])).toEqual([
      ['/api/admin/staff/12', { role: 'moderator' }],
    ]);
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let calls = 0;
    staffApi({
      'GET /api/admin/staff': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : { body: { data: [member({})] } };
      },
    });
    renderPage();
    expect(await screen.findByText('The staff list could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Layla Haddad')).toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    act(() => activateLocale('ar', arabic));
    staffApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'الموظفون' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'الموظفون' });
    expect(within(table).getByLabelText('دور Omar Saleh')).toHaveValue('moderator');
    expect(within(table).getAllByRole('option', { name: 'مشرف' }).length).toBeGreaterThan(0);
  });
});
