import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../lib/toasts/notify';
import { layla, renderRoutes } from '../test/render-routes';
import { routedApi, type Reply } from '../test/selling-fixtures';
import { VerifyEmailBanner } from './verify-email-banner';

const api = routedApi();

function show(user: typeof layla | null, resend: () => Reply = () => ({ status: 202, body: { message: 'Sent.' } })) {
  const sent = api({ 'POST /api/account/email/verification': resend });
  renderRoutes([{ path: '/', element: <VerifyEmailBanner /> }], { path: '/', user });
  return sent;
}

describe('the e-mail verification banner', () => {
  it('tells a signed-in unverified user what waits, and Resend asks for a new link with a toast', async () => {
    const success = vi.spyOn(notify, 'success');
    const sent = show({ ...layla, email_verified: false }, () => ({
      status: 202,
      body: { message: 'We have sent a new link to layla@example.com. It works once, for 24 hours.' },
    }));
    expect(screen.getByText(/Please confirm your e-mail address layla@example\.com/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'We have sent a new link to layla@example.com. It works once, for 24 hours.',
      ),
    );
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/account/email/verification']);
  });

  it('says how long to wait when the links are throttled', async () => {
    const error = vi.spyOn(notify, 'error');
    show({ ...layla, email_verified: false }, () => ({
      status: 429,
      body: { message: 'Too many links asked for. Please try again in 60 seconds.' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Too many links asked for. Please try again in 60 seconds.'),
    );
  });

  it('is not there for a verified user', () => {
    show(layla);
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });

  it('is not there for a visitor', () => {
    show(null);
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });
});
