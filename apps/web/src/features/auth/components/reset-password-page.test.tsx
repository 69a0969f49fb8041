import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/api/get-current-user';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Reply } from '../../../test/selling-fixtures';
import { ResetPasswordPage } from './reset-password-page';
import { typeInto } from '../../../test/type-into';

const api = routedApi();
const TOKEN = 'T'.repeat(43);

function serve(reply: Reply, path = `/reset-password?token=${TOKEN}`) {
  const sent = api({ 'POST /api/password/reset': () => reply });
  const view = renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/forgot-password', element: <p>Forgot page</p> },
    ],
    { path, user: null },
  );
  return { sent, ...view };
}

async function choose(password: string, confirmation = password) {
  await typeInto(screen.getByLabelText(/^New password/), password);
  await typeInto(screen.getByLabelText(/^Confirm new password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('/reset-password', () => {
  it('sends the link’s token with the new password, signs in and goes home', async () => {
    const { sent, queryClient } = serve({ body: { data: layla } });
    await choose('a new pass phrase');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([
      { token: TOKEN, password: 'a new pass phrase', password_confirmation: 'a new pass phrase' },
    ]);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(layla);
  });

  it('checks the password rules and the confirmation before sending', async () => {
    const { sent } = serve({ body: { data: layla } });
    await choose('a new pass phrase', 'a different one');
    expect(await screen.findByText('The password field confirmation does not match.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says when the link no longer works, and offers a new one', async () => {
    const dead =
      'This link does not work: it was used already, it is more than 60 minutes old, or it was copied incompletely. Ask for a new one.';
    serve({ status: 422, body: { message: 'The given data was invalid.', errors: { token: [dead] } } });
    await choose('a new pass phrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(dead);
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(screen.getByText('Forgot page')).toBeInTheDocument());
  });

  it('without a token, offers to ask for a link instead of a form', () => {
    serve({ body: {} }, '/reset-password');
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
