import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { seller } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { SellerPage } from './seller-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const api = routedApi();
const buyer = { ...layla, id: 42, first_name: 'Omar' };

function renderSeller(user: typeof layla | null, report?: () => { status?: number; body?: unknown }) {
  const sent = api({
    'GET /api/users/7': () => ({ body: { data: { ...seller, reviews: [] } } }),
    'GET /api/listings': () => ({ body: { data: [], next_cursor: null } }),
    ...(report && { 'POST /api/users/7/report': report }),
  });
  const view = renderRoutes(
    [
      {
        path: '/users/:id',
        element: (
          <>
            <SellerPage />
            <ToastOutlet />
          </>
        ),
      },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    { path: '/users/7', user },
  );
  return { ...view, reports: () => sent.filter((request) => request.method === 'POST') };
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Report' }));
  // The form arrives in a lazy chunk: its heading is drawn, then its effect moves the focus there.
  const heading = await screen.findByRole('heading', { name: 'Report this person' });
  await waitFor(() => expect(heading).toHaveFocus());
  return user;
}

describe('Report on a person’s page', () => {
  it('offers the reasons for a person, sends the report to their address, and thanks the user in its place', async () => {
    const { reports } = renderSeller(buyer, () => ({ status: 201, body: { data: { user_id: 7 } } }));
    const user = await openForm();
    expect(screen.getByText('Tell us what is wrong. They are not told who reported them.')).toBeInTheDocument();
    const reasons = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(reasons).toEqual(['scam', 'harassment', 'impersonation', 'spam', 'offensive', 'other']);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Choose why you are reporting this person.')).toBeInTheDocument();
    expect(reports()).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Harassment or threats' }));
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'Threatening messages after I said no.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findAllByText('Thank you. Your report was sent, and we review every one.')).not.toHaveLength(0);
    expect(reports().map((request) => [request.path, request.body])).toEqual([
      ['/api/users/7/report', { reason: 'harassment', details: 'Threatening messages after I said no.' }],
    ]);
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('shows, in the form’s place, what the server said of a second report', async () => {
    renderSeller(buyer, () => ({
      status: 409,
      body: { message: 'You have already reported this person. Thank you: we are reviewing it.' },
    }));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('You have already reported this person. Thank you: we are reviewing it.'),
    ).toBeInTheDocument();
  });

  it('says in its place that an unverified address must be verified first (403)', async () => {
    renderSeller({ ...buyer, email_verified: false }, () => ({
      status: 403,
      body: { message: 'Verify your e-mail address before reporting.' },
    }));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Verify your e-mail address before reporting.');
    expect(screen.queryByRole('form', { name: 'Report this person' })).not.toBeInTheDocument();
  });

  it('is not on the seller’s own page', async () => {
    renderSeller({ ...layla, id: 7 });
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in, and brings them back to the person’s page', async () => {
    renderSeller(null);
    const link = await screen.findByRole('link', { name: 'Report' });
    expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/users/7')}`);
  });
});
