import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toasts/notify';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../test/selling-fixtures';
import { PasswordPage } from './password-page';
import { typeInto } from '../../test/type-into';

const api = routedApi();

function serve(put: (received: Received) => Reply = () => ({ status: 204 })) {
  const sent = api({
    'PUT /api/account/password': put,
    'GET /api/account/sessions': () => ({ body: { data: [] } }),
  });
  renderRoutes([{ path: '/account/password', element: <PasswordPage /> }], { path: '/account/password', user: layla });
  return {
    get puts() {
      return sent.filter((request) => request.method === 'PUT');
    },
  };
}

async function fill({
  current = 'my old password',
  next = 'a new pass phrase',
  confirm = next,
}: { current?: string; next?: string; confirm?: string } = {}) {
  if (current) await typeInto(screen.getByLabelText(/^Current password/), current);
  if (next) await typeInto(screen.getByLabelText(/^New password/), next);
  if (confirm) await typeInto(screen.getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/account/password: changing the password', () => {
  it('sends the current and the new password, then empties the form and says the other devices are signed out', async () => {
    const success = vi.spyOn(notify, 'success');
    const sent = serve();
    expect(screen.getByRole('heading', { level: 1, name: 'Password and security' })).toBeInTheDocument();
    await fill();
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Your password has been changed. Every other device has been signed out.'),
    );
    expect(sent.puts.map(({ body }) => body)).toEqual([
      {
        current_password: 'my old password',
        password: 'a new pass phrase',
        password_confirmation: 'a new pass phrase',
      },
    ]);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });

  it('checks the registration’s rules before sending anything', async () => {
    const sent = serve();
    await fill({ current: '', next: 'short', confirm: 'other' });
    expect(await screen.findByText('The current password field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field must be at least 8 characters.')).toBeInTheDocument();
    expect(sent.puts).toEqual([]);
  });

  it('puts the server’s refusal under the current password and keeps what was typed', async () => {
    serve(() => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { current_password: ['The current password is not correct.'] },
      },
    }));
    await fill();
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      'The current password is not correct.',
    );
    expect(screen.getByLabelText(/^New password/)).toHaveValue('a new pass phrase');
  });

  it('shows a throttle’s wait under the current password', async () => {
    serve(() => ({
      status: 429,
      body: {
        message: 'Too many password attempts. Please try again in 42 seconds.',
        errors: { current_password: ['Too many password attempts. Please try again in 42 seconds.'] },
      },
    }));
    await fill();
    expect(await screen.findByText(/^Too many password attempts/)).toHaveTextContent(
      'Too many password attempts. Please try again in 42 seconds.',
    );
  });
});
