import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { categories, listing } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { ListingPage } from './listing-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const api = routedApi();
const buyer = { ...layla, id: 42, first_name: 'Omar' };

function renderListing(user: typeof layla | null, report?: () => { status?: number; body?: unknown }) {
  const sent = api({
    'GET /api/listings/5': () => ({ body: { data: listing() } }),
    'GET /api/categories': () => ({ body: { data: categories } }),
    'GET /api/listings': () => ({ body: { data: [], next_cursor: null } }),
    ...(report && { 'POST /api/listings/5/report': report }),
  });
  const view = renderRoutes(
    [
      {
        path: '/items/:id/:slug',
        element: (
          <>
            <ListingPage />
            <ToastOutlet />
          </>
        ),
      },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    { path: '/items/5/iphone-13', user },
  );
  return { ...view, sent, reports: () => sent.filter((request) => request.method === 'POST') };
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Report' }));
  // The form arrives in a lazy chunk: its heading is drawn, then its effect moves the focus there.
  const heading = await screen.findByRole('heading', { name: 'Report this listing' });
  await waitFor(() => expect(heading).toHaveFocus());
  return user;
}

describe('Report on a product page', () => {
  it('sends the reason and the details, then thanks the user in its place', async () => {
    const { reports } = renderListing(buyer, () => ({
      status: 201,
      body: { data: { listing_id: 5, reason: 'scam' } },
    }));
    const user = await openForm();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('radio', { name: 'It looks like a scam' }));
    await user.type(screen.getByRole('textbox', { name: 'Details' }), '  Wants a deposit first.  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findAllByText('Thank you. Your report was sent, and we review every one.')).not.toHaveLength(0);
    expect(reports().map((request) => request.body)).toEqual([{ reason: 'scam', details: 'Wants a deposit first.' }]);
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('checks the form as the server does, and sends nothing until it is right', async () => {
    const { reports } = renderListing(buyer, () => ({
      status: 201,
      body: { data: { listing_id: 5, reason: 'other' } },
    }));
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Choose why you are reporting this listing.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'It looks like a scam' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const details = screen.getByRole('textbox', { name: 'Details' });
    expect(details).toHaveFocus();
    expect(details).toHaveAccessibleDescription(/Say what is wrong when you choose “Something else”\.$/);
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(reports()).toEqual([]);

    await user.click(details);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('The Details field may not be greater than 1000 characters')).toBeInTheDocument();
    expect(reports()).toEqual([]);
  });

  it('a second report shows, in the form’s place, what the server said of it', async () => {
    const { reports } = renderListing(buyer, () => ({
      status: 409,
      body: { message: 'You have already reported this listing. Thank you: we are reviewing it.' },
    }));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Duplicate or spam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('You have already reported this listing. Thank you: we are reviewing it.'),
    ).toBeInTheDocument();
    expect(reports()).toHaveLength(1);
  });

  it('puts a 429’s message under the reasons and keeps what was typed', async () => {
    renderListing(buyer, () => ({
      status: 429,
      body: { message: 'Too many reports.', errors: { reason: ['Too many reports. Please try again in 60 seconds.'] } },
    }));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Offensive content' }));
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'Insults in the description.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Too many reports. Please try again in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Details' })).toHaveValue('Insults in the description.');
    expect(screen.getByRole('radio', { name: 'Offensive content' })).toBeChecked();
  });

  it('Cancel closes the form and sends nothing', async () => {
    const { reports } = renderListing(buyer);
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Report this listing' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Report' })).toHaveAttribute('aria-expanded', 'false');
    expect(reports()).toEqual([]);
  });

  it('asks a signed-out visitor to log in, and brings them back to the listing', async () => {
    const { router } = renderListing(null);
    const link = await screen.findByRole('link', { name: 'Report' });
    expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/items/5/iphone-13')}`);
    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/login');
  });
});
