import type { SearchFacets } from '@marketplace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { card, categories } from '../../test/catalogue-fixtures';
import { renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { CategoryPage } from './category-page';

const api = routedApi();

const facets = (fields: Partial<SearchFacets> = {}): SearchFacets => ({
  total: 2,
  approximate: false,
  categories: [],
  conditions: [{ value: 'good', count: 2 }],
  cities: [{ id: 3, name: 'Dubai', count: 2 }],
  neighborhoods: [],
  seller_types: [{ value: 'individual', count: 2 }],
  attributes: [
    {
      key: 'brand',
      values: [
        { value: 'apple', count: 2 },
        { value: 'samsung', count: 4 },
      ],
    },
  ],
  periods: [],
  ...fields,
});

function renderCategory(path: string, answers: { results?: unknown[]; facets?: SearchFacets; next?: string } = {}) {
  const sent = api({
    'GET /api/categories': () => ({ body: { data: categories } }),
    'GET /api/search': () => ({
      body: { data: answers.results ?? [card(1), card(2)], next_cursor: answers.next ?? null, corrected_query: null },
    }),
    'GET /api/search/facets': () => ({ body: { data: answers.facets ?? facets() } }),
  });
  const view = renderRoutes([{ path: '/c/:category', element: <CategoryPage /> }], { path, user: null });
  const asked = (path: string) =>
    sent.filter((request) => request.path === path).map((request) => request.query.toString());
  return { ...view, asked };
}

describe('a category page (a search scoped to its category, issue 32)', () => {
  it('keeps its breadcrumb and heading, and lists its listings from search, the filters behind a button', async () => {
    const user = userEvent.setup();
    const { asked } = renderCategory('/c/mobile-phones');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile phones' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/c/electronics');
    expect(await screen.findByText('Phone number 1')).toBeInTheDocument();
    expect(await screen.findByText('2 listings')).toBeInTheDocument();
    expect(asked('/api/search')).toEqual(['category=mobile-phones']);
    expect(asked('/api/search/facets')).toEqual(['category=mobile-phones']);
    // Nothing chosen: the filters are a column the button opens, its code fetched then.
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Brand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen filters' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('group', { name: 'Brand' })).toBeInTheDocument();
  });

  it('keeps each filter and the sort in its own address, and its chips take them off', async () => {
    const user = userEvent.setup();
    const { router, asked } = renderCategory('/c/mobile-phones?a.brand=apple&category=laptops');
    // With filters in the address, the column is open at once; a category parameter is not read.
    const brand = await screen.findByRole('group', { name: 'Brand' });
    expect(await within(brand).findByRole('checkbox', { name: 'Apple 2' })).toBeChecked();
    expect(asked('/api/search')).toEqual(['category=mobile-phones&a.brand=apple']);
    await user.click(within(brand).getByRole('checkbox', { name: 'Samsung 4' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/mobile-phones'));
    await waitFor(() => expect(router.state.location.search).toBe('?a.brand=apple,samsung'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?a.brand=apple,samsung&sort=price_asc'));
    await waitFor(() =>
      expect(asked('/api/search')).toContain('category=mobile-phones&a.brand=apple%2Csamsung&sort=price_asc'),
    );
    // The category is the page's, not a chip; Clear all keeps it.
    const chips = screen.getByRole('list', { name: 'Chosen filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual(['Remove Brand: Apple, Samsung']);
    await user.click(within(chips).getByRole('button', { name: 'Remove Brand: Apple, Samsung' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc'));
    expect(router.state.location.pathname).toBe('/c/mobile-phones');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?a.brand=apple,samsung&sort=price_asc'));
  });

  it('Load more links to the category’s next page, and a later page back to the newest', async () => {
    renderCategory('/c/mobile-phones?cursor=abc', { next: 'def' });
    expect(await screen.findByRole('link', { name: 'Load more' })).toHaveAttribute(
      'href',
      '/c/mobile-phones?cursor=def',
    );
    expect(screen.getByRole('link', { name: 'Newest listings' })).toHaveAttribute('href', '/c/mobile-phones');
  });

  it('offers to list the first item in an empty category; filters that find nothing offer a way back', async () => {
    renderCategory('/c/laptops', { results: [], facets: facets({ total: 0 }) });
    expect(await screen.findByText(/Nothing is listed in this category yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell an item' })).toBeInTheDocument();
    renderCategory('/c/laptops?condition=fair', { results: [], facets: facets({ total: 0 }) });
    expect(await screen.findByText('No listings match this search.')).toBeInTheDocument();
  });
});
