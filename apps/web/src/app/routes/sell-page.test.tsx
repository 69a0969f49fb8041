import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { categories, cities, draft, photo, routedApi } from '../../test/selling-fixtures';
import { SellPage } from './sell-page';

const api = routedApi();
const unverified = { ...layla, email_verified: false };

function renderSell(path: string, user = layla, listing = draft()) {
  const sent = api({
    'GET /api/categories': () => ({ body: { data: categories } }),
    'GET /cities': () => ({ body: { data: cities } }),
    'GET /api/listings/5': () => ({ body: { data: listing } }),
    // As the server answers it: the client checks the new draft's shape.
    'POST /api/listings': () => ({
      status: 201,
      body: {
        data: {
          ...listing,
          price_period: null,
          seller_rating: { average: null, count: 0 },
          category: { id: 2, name: 'Mobile phones', slug: 'mobile-phones', trade_kind: 'items' },
        },
      },
    }),
    'POST /api/account/email/verification': () => ({ status: 202, body: { message: 'Sent.' } }),
  });
  const view = renderRoutes(
    [
      { path: '/sell', element: <SellPage /> },
      { path: '/items/:id/edit', element: <SellPage /> },
    ],
    { path, user },
  );
  return { ...view, sent };
}

describe('the sell page', () => {
  it('tells an unverified seller at the first step that publishing waits for the address, with a new link at hand', async () => {
    const { sent } = renderSell('/sell', unverified);
    const notice = await screen.findByRole('region', { name: 'Confirm your e-mail address to publish' });
    expect(notice).toHaveTextContent('your draft saves itself');
    expect(within(notice).getByText('layla@example.com').tagName).toBe('BDI');
    await userEvent.click(within(notice).getByRole('button', { name: 'Resend the verification e-mail' }));
    await waitFor(() => expect(sent.some((request) => request.path === '/api/account/email/verification')).toBe(true));
    // They may still prepare the draft: the categories are there to pick.
    expect(screen.getByRole('button', { name: 'Electronics' })).toBeEnabled();
  });

  it('says nothing of it to a verified seller', async () => {
    renderSell('/sell');
    await screen.findByRole('button', { name: 'Electronics' });
    expect(screen.queryByRole('region', { name: /Confirm your e-mail address/ })).not.toBeInTheDocument();
  });

  it('is headed Sell an item until the draft exists, then Edit listing', async () => {
    const { router } = renderSell('/sell');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sell an item');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Electronics' }));
    await user.click(screen.getByRole('button', { name: 'Mobile phones' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/items/5/edit');
  });

  it('shows at review the listing as buyers will see it, and nothing a buyer would press', async () => {
    renderSell(
      '/items/5/edit?step=review',
      unverified,
      draft({
        title: 'iPhone 13, 128 GB',
        description: 'Always in a case.',
        condition: 'like_new',
        attributes: { brand: 'apple' },
        price_fils: 180_000,
        negotiable: true,
        neighborhood_id: 11,
        photos: [photo(1), photo(2)],
      }),
    );
    const preview = await screen.findByRole('region', { name: 'Preview: your listing as buyers will see it' });
    expect(within(preview).getByRole('heading', { level: 4, name: 'iPhone 13, 128 GB' })).toBeInTheDocument();
    expect(within(preview).getByText('AED 1,800')).toBeInTheDocument();
    expect(within(preview).getByText('Negotiable')).toBeInTheDocument();
    expect(within(preview).getByText('Dubai Marina, Dubai')).toBeInTheDocument();
    expect(within(preview).getByText('Always in a case.')).toBeInTheDocument();
    const details = within(preview).getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Brand').nextElementSibling).toHaveTextContent('Apple');
    expect(within(details).getByText('Like new')).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { level: 5, name: 'Layla H.' })).toBeInTheDocument();
    // A landmark inside the preview's region would be one too many (axe: complementary is top level).
    expect(within(preview).queryByRole('complementary')).toBeNull();
    // Nothing in it a buyer would press.
    expect(within(preview).queryByRole('button', { name: /Buy|offer|Message|Save|Share|Report/ })).toBeNull();
    // The review step repeats that publishing waits for the address.
    expect(screen.getByRole('region', { name: 'Confirm your e-mail address to publish' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit listing');
  });
});
