import type { Category, SearchFacets } from '@marketplace/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/i18n-store';
import { card, categories } from '../../test/catalogue-fixtures';
import { renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { CategoryPage } from './category-page';

/** A rent category's page (issue 32): its prices are per a period, which a filter of its own chooses. */

const api = routedApi();

const rentals: Category = {
  id: 9,
  parent_id: null,
  slug: 'property-for-rent',
  name: 'Property for rent',
  icon: 'tag',
  position: 9,
  listing_count: 2,
  attributes: [],
  trade_kind: 'rent',
};

const facets: SearchFacets = {
  total: 2,
  approximate: false,
  categories: [],
  conditions: [],
  cities: [{ id: 3, name: 'Dubai', count: 2 }],
  neighborhoods: [],
  seller_types: [{ value: 'individual', count: 2 }],
  attributes: [],
  periods: [
    { value: 'year', count: 2 },
    { value: 'month', count: 1 },
  ],
};

function renderRentals(path: string) {
  const sent = api({
    'GET /api/categories': () => ({ body: { data: [...categories, rentals] } }),
    'GET /api/search': () => ({
      body: {
        data: [card(1, { title: 'Garden villa', price_fils: 4_500_000, price_period: 'year', condition: null })],
        next_cursor: null,
        corrected_query: null,
      },
    }),
    'GET /api/search/facets': () => ({ body: { data: facets } }),
  });
  const view = renderRoutes([{ path: '/c/:category', element: <CategoryPage /> }], { path, user: null });
  const asked = (path: string) =>
    sent.filter((request) => request.path === path).map((request) => request.query.toString());
  return { ...view, asked };
}

const chipNames = () =>
  within(screen.getByRole('list', { name: 'Chosen filters' }))
    .getAllByRole('button')
    .map((chip) => chip.getAttribute('aria-label')?.replaceAll('\u00a0', ' '));

describe('a rent category’s period filter', () => {
  it('reads the period with the price: its bounds, its chip and the cards say per year', async () => {
    const user = userEvent.setup();
    const { router, asked } = renderRentals('/c/property-for-rent?max_price=50000&period=year');
    const period = await screen.findByRole('group', { name: 'Rent period' });
    expect(within(period).getByRole('radio', { name: /^Per year/ })).toBeChecked();
    const price = screen.getByRole('group', { name: 'Price per year (AED)' });
    expect(within(price).getByLabelText('Highest price per year')).toHaveValue('50000');
    // A rent has no condition to filter by.
    expect(screen.queryByRole('group', { name: 'Condition' })).not.toBeInTheDocument();
    expect(asked('/api/search')).toEqual(['category=property-for-rent&max_price=50000&period=year']);
    await waitFor(() => expect(chipNames()).toEqual(['Remove Price (AED): up to AED 50,000 / year']));
    expect((await screen.findByText(/AED.45,000 \/ year/)).textContent).toMatch(/^AED.45,000 \/ year$/);

    // Another period takes the bounds away: a price per year is not one per month.
    await user.click(within(period).getByRole('radio', { name: /^Per month/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=month'));
    expect(screen.getByRole('group', { name: 'Price per month (AED)' })).toBeInTheDocument();
    await waitFor(() => expect(chipNames()).toEqual(['Remove Rent period: Per month']));
    await user.click(screen.getByRole('button', { name: 'Remove Rent period: Per month' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('applies a price typed without a period as a price per year, and says so', async () => {
    const user = userEvent.setup();
    const { router } = renderRentals('/c/property-for-rent');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const price = await screen.findByRole('group', { name: 'Price per year (AED)' });
    await user.type(within(price).getByLabelText('Highest price per year'), '50000');
    await user.click(within(price).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?max_price=50000&period=year'));
    await waitFor(() => expect(chipNames()).toEqual(['Remove Price (AED): up to AED 50,000 / year']));
  });

  it('counts each period beside it, as the other filters are counted', async () => {
    renderRentals('/c/property-for-rent?period=year');
    const period = await screen.findByRole('group', { name: 'Rent period' });
    await waitFor(() => expect(within(period).getByText('2')).toBeInTheDocument());
    expect(within(period).getByRole('radio', { name: 'Per year 2' })).toBeChecked();
    expect(within(period).getByRole('radio', { name: 'Per month 1' })).toBeEnabled();
  });

  it('counts them in Arabic too', async () => {
    act(() => activateLocale('ar', arabic));
    renderRentals('/c/property-for-rent?period=year');
    const period = await screen.findByRole('group', { name: 'فترة الإيجار' });
    await waitFor(() => expect(within(period).getByRole('radio', { name: /^سنويًا (2|٢)$/ })).toBeChecked());
    expect(within(period).getByRole('radio', { name: /^شهريًا (1|١)$/ })).toBeEnabled();
  });

  it('asks with period=year for bounds an old link gave without one: the API refuses a rent’s bound without its period', async () => {
    const { asked } = renderRentals('/c/property-for-rent?max_price=50000');
    await screen.findByRole('group', { name: 'Rent period' });
    await waitFor(() =>
      expect(asked('/api/search')).toEqual(['category=property-for-rent&max_price=50000&period=year']),
    );
    expect(asked('/api/search/facets')).toEqual(['category=property-for-rent&max_price=50000&period=year']);
    await waitFor(() => expect(chipNames()).toEqual(['Remove Price (AED): up to AED 50,000 / year']));
  });

  it('is not offered in a category of items, whose price has no period', async () => {
    renderRentals('/c/mobile-phones?max_price=500');
    expect(await screen.findByRole('group', { name: 'Price (AED)' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rent period' })).not.toBeInTheDocument();
    await waitFor(() => expect(chipNames()).toEqual(['Remove Price (AED): up to AED 500']));
  });
});
