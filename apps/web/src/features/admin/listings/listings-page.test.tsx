import type { AdminListingRow } from '@marketplace/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categories } from '../../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { cursorPages, expectEmptyAndRefused, expectFailedThenRetried, tableRows } from '../paged-list-fixtures';
import { ListingsPage } from './listings-page';

const api = routedApi();

function row(overrides: Partial<AdminListingRow> = {}): AdminListingRow {
  return {
    id: 1,
    title: 'iPhone 14, 128 GB',
    slug: 'iphone-14-128-gb',
    status: 'active',
    price_fils: 250_000,
    price_period: null,
    thumb: null,
    seller: { id: 12, name: 'Samir Haddad' },
    category: { id: 2, name: 'Mobile phones' },
    open_reports: 0,
    created_at: Date.UTC(2026, 10, 20, 10),
    hidden: false,
    ...overrides,
  };
}

/** Sixty listings, newest (id 60) first; the API pages them 50 at a time, before the cursor. */
const all: AdminListingRow[] = Array.from({ length: 60 }, (_, index) =>
  row({ id: 60 - index, title: `Listing ${60 - index}`, slug: `listing-${60 - index}` }),
);

function renderPage(path: string, list: (received: Received) => Reply) {
  const sent = api({
    'GET /api/admin/listings': list,
    'GET /api/categories': () => ({ body: { data: categories } }),
  });
  const view = renderRoutes([{ path: '/admin/listings', element: <ListingsPage /> }], { path, user: layla });
  return { ...view, sent };
}

const listCalls = (sent: Received[]) => sent.filter((request) => request.path === '/api/admin/listings');

const rowsOf = () => tableRows('Listings found');

describe('/admin/listings', () => {
  it('shows each listing with its seller, state, price, open reports and links', async () => {
    renderPage('/admin/listings', () => ({
      body: {
        data: [
          row({ open_reports: 2 }),
          row({ id: 2, title: '', slug: null, status: 'draft', price_fils: null, category: null, hidden: true }),
          row({ id: 3, title: 'Villa in Jumeirah', price_fils: 12_000_000, price_period: 'year' }),
        ],
        next_cursor: null,
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Listings' })).toBeInTheDocument();
    const [live, draft, rent] = (await rowsOf()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(live).getByRole('link', { name: 'iPhone 14, 128 GB' })).toHaveAttribute(
      'href',
      '/items/1/iphone-14-128-gb',
    );
    expect(within(live).getByRole('link', { name: 'Samir Haddad' })).toHaveAttribute('href', '/admin/users/12');
    expect(live).toHaveTextContent('Live');
    expect(within(live).getByRole('link', { name: '2 open reports' })).toHaveAttribute(
      'href',
      '/admin/moderation/listing/1',
    );
    // A draft has no public page, nor a title yet; a suspended seller's listing says it is hidden.
    expect(draft).toHaveTextContent('(no title yet)');
    expect(within(draft).queryByRole('link', { name: '(no title yet)' })).not.toBeInTheDocument();
    expect(draft).toHaveTextContent('Draft');
    expect(draft).toHaveTextContent('Hidden: the seller is suspended');
    // A rent's price reads per its period.
    expect(rent).toHaveTextContent('AED 120,000 / year');
    expect(screen.queryByRole('button', { name: 'Show more listings' })).not.toBeInTheDocument();
  });

  it('puts the filters into the address and sends them to the API; Clear the filters empties both', async () => {
    const { router, sent } = renderPage('/admin/listings?seller=12', cursorPages(all.slice(0, 3)));
    await rowsOf();
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(within(form).getByLabelText('Seller id')).toHaveValue('12');
    expect(listCalls(sent)[0]?.query.get('seller')).toBe('12');
    // The category list is the tree, each under its parent.
    await within(form).findByRole('option', { name: /Mobile phones/ });

    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Title or id'), 'iphone');
    await user.selectOptions(within(form).getByLabelText('State'), 'Removed');
    await user.selectOptions(within(form).getByLabelText('Category'), '2');
    await user.click(within(form).getByLabelText('With open reports only'));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'iphone',
      status: 'removed',
      category: '2',
      seller: '12',
      reported: '1',
    });
    await waitFor(() => expect(listCalls(sent)).toHaveLength(2));
    expect(Object.fromEntries(listCalls(sent).at(-1)?.query ?? [])).toEqual({
      q: 'iphone',
      status: 'removed',
      category: '2',
      seller: '12',
      reported: '1',
    });

    await user.click(screen.getByRole('link', { name: 'Clear the filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Seller id')).toHaveValue('');
    expect(screen.getByLabelText('With open reports only')).not.toBeChecked();
    await waitFor(() => expect(listCalls(sent)).toHaveLength(3));
    expect(listCalls(sent).at(-1)?.query.toString()).toBe('');
  });

  it('appends the next page under the first with Load more, by the cursor', async () => {
    const { sent } = renderPage('/admin/listings?status=active', cursorPages(all));
    expect(await rowsOf()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more listings' }));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(60));
    const rows = await rowsOf();
    expect(rows[0]).toHaveTextContent('Listing 60');
    expect(rows[59]).toHaveTextContent('Listing 1');
    expect(listCalls(sent).map((request) => [request.query.get('cursor'), request.query.get('status')])).toEqual([
      [null, 'active'],
      ['11', 'active'],
    ]);
    expect(screen.queryByRole('button', { name: 'Show more listings' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, when there are no listings, and what the API refused', async () => {
    await expectEmptyAndRefused(renderPage, {
      filtered: ['/admin/listings?q=nothing', 'No listing matches these filters.'],
      none: ['/admin/listings', 'There are no listings yet.'],
      refused: ['/admin/listings?seller=x', 'seller'],
    });
  });

  it('says when the listings could not be loaded, and tries again', async () => {
    await expectFailedThenRetried(renderPage, '/admin/listings', all, 'The listings could not be loaded.', rowsOf);
  });
});
