import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../lib/api/get-current-user';
import { notify } from '../../lib/toasts/notify';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../test/selling-fixtures';
import { typeInto } from '../../test/type-into';
import { DeleteAccountPage } from './delete-account-page';

const api = routedApi();

function serve(post: (received: Received) => Reply = () => ({ status: 204 })) {
  const sent = api({ 'POST /api/account/delete': post });
  const view = renderRoutes(
    [
      { path: '/account/delete', element: <DeleteAccountPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { path: '/account/delete', user: layla },
  );
  return { sent, view };
}

async function deleteWith(password: string) {
  if (password) await typeInto(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('/account/delete: your data and deleting your account', () => {
  it('offers the data as a file to download', () => {
    serve();
    const link = screen.getByRole('link', { name: 'Download my data (JSON)' });
    expect(link).toHaveAttribute('href', '/api/account/export');
    expect(link).toHaveAttribute('download');
  });

  it('sends the password, forgets the user, says where the confirmation went and goes home', async () => {
    const success = vi.spyOn(notify, 'success');
    const { sent, view } = serve();
    await deleteWith('my pass phrase');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(sent.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/api/account/delete', { password: 'my pass phrase' }],
    ]);
    expect(success).toHaveBeenCalledWith('Your account has been deleted. We sent a confirmation to layla@example.com.');
    expect(view.queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it('asks for the password before sending anything', async () => {
    const { sent } = serve();
    await deleteWith('');
    expect(await screen.findByText('The password field is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('puts a wrong password under its field', async () => {
    serve(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { password: ['The current password is not correct.'] } },
    }));
    await deleteWith('not it');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('The current password is not correct.');
  });

  it('names the open orders that keep the account, each a link to its page', async () => {
    serve(() => ({
      status: 409,
      body: {
        message: 'Your account cannot be deleted while you have open orders.',
        open_orders: [
          { id: 7, title: 'Red bike' },
          { id: 9, title: null },
        ],
      },
    }));
    await deleteWith('my pass phrase');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account cannot be deleted while you have open orders.');
    expect(screen.getByRole('link', { name: 'Order #7: Red bike' })).toHaveAttribute('href', '/orders/7');
    expect(screen.getByRole('link', { name: 'Order #9' })).toHaveAttribute('href', '/orders/9');
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });
});

describe('/account/delete for a visitor', () => {
  it('sends them to log in first, and back here after', async () => {
    api({});
    renderRoutes(
      [
        { path: '/account/delete', element: <DeleteAccountPage /> },
        { path: '/login', element: <p>Login page</p> },
      ],
      { path: '/account/delete', user: null },
    );
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});
