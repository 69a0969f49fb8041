import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { routedApi, type Reply } from '../../../test/selling-fixtures';
import { ForgotPasswordPage } from './forgot-password-page';
import { typeInto } from '../../../test/type-into';

const api = routedApi();

function serve(reply: Reply) {
  const sent = api({ 'POST /api/password/forgot': () => reply });
  renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], {
    path: '/forgot-password',
    user: null,
  });
  return sent;
}

describe('/forgot-password', () => {
  it('sends the address and shows the server’s answer, which is the same for any address', async () => {
    const answer = 'If an account uses noor@example.com, we have sent it a link to set a new password.';
    const sent = serve({ status: 202, body: { message: answer } });
    await typeInto(screen.getByLabelText(/^E-mail address/), 'Noor@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(answer);
    expect(sent.map(({ body }) => body)).toEqual([{ email: 'noor@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending it', async () => {
    const sent = serve({ status: 202, body: { message: 'sent' } });
    await typeInto(screen.getByLabelText(/^E-mail address/), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('The email field must be a valid email address.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows a throttle’s wait under the address', async () => {
    const wait = 'Too many requests for a link. Please try again in 3,599 seconds.';
    serve({ status: 429, body: { message: wait, errors: { email: [wait] } } });
    await typeInto(screen.getByLabelText(/^E-mail address/), 'noor@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(wait)).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('noor@example.com');
  });
});
