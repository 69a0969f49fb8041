import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Reply } from '../../test/selling-fixtures';
import { VerifyEmailPage } from './verify-email-page';

const api = routedApi();
const TOKEN = 'A'.repeat(43);

function open(path: string, verify: () => Reply) {
  const sent = api({ 'POST /api/account/email/verify': verify });
  renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], { path, user: layla });
  return sent;
}

describe('/verify-email: the page the e-mailed link opens', () => {
  it('sends the token once and says the address is verified', async () => {
    const sent = open(`/verify-email?token=${TOKEN}`, () => ({
      body: { message: 'Your e-mail address is verified. You can publish listings and order now.' },
    }));
    expect(
      await screen.findByText('Your e-mail address is verified. You can publish listings and order now.'),
    ).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ token: TOKEN }]);
  });

  it('says when the link no longer works', async () => {
    open(`/verify-email?token=${TOKEN}`, () => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { token: ['This link does not work.'] } },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not work.');
  });

  it('without a token, says the page needs the link and sends nothing', () => {
    const sent = open('/verify-email', () => ({ body: {} }));
    expect(
      screen.getByText('This page works with the link from your e-mail, and this address has none.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
