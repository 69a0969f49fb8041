import type { SearchFacets } from '@marketplace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { card, categories } from '../../test/catalogue-fixtures';
import { renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { SearchPage } from './search-page';

const api = routedApi();

const facets = (fields: Partial<SearchFacets> = {}): SearchFacets => ({
  total: 2,
  approximate: false,
  categories: [
    { slug: 'mobile-phones', name: 'Mobile phones', count: 2 },
    { slug: 'laptops', name: 'Laptops', count: 0 },
  ],
  conditions: [
    { value: 'good', count: 2 },
    { value: 'new', count: 1 },
  ],
  cities: [{ id: 3, name: 'Dubai', count: 2 }],
  neighborhoods: [],
  seller_types: [{ value: 'individual', count: 2 }],
  attributes: [],
  periods: [],
  ...fields,
});

function renderSearch(
  path: string,
  answers: { results?: unknown[]; facets?: SearchFacets; next?: string; corrected?: string } = {},
) {
  const sent = api({
    'GET /api/categories': () => ({ body: { data: categories } }),
    'GET /api/search': () => ({
      body: {
        data: answers.results ?? [card(1), card(2)],
        next_cursor: answers.next ?? null,
        corrected_query: answers.corrected ?? null,
      },
    }),
    'GET /api/search/facets': () => ({ body: { data: answers.facets ?? facets() } }),
  });
  const view = renderRoutes([{ path: '/search', element: <SearchPage /> }], { path, user: null });
  const asked = (path: string) =>
    sent.filter((request) => request.path === path).map((request) => request.query.toString());
  return { ...view, asked };
}

describe('the search page', () => {
  it('shows the results for the words in the address, with their count and filters', async () => {
    const { asked } = renderSearch('/search?q=iphone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “iphone”' })).toBeInTheDocument();
    expect(await screen.findByText('Phone number 1')).toBeInTheDocument();
    expect(await screen.findByText('2 listings')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    expect(asked('/api/search')).toEqual(['q=iphone']);
    expect(asked('/api/search/facets')).toEqual(['q=iphone']);
  });

  it('says when the words were corrected, and when a count is an estimate', async () => {
    renderSearch('/search?q=iphnoe', { corrected: 'iphone', facets: facets({ total: 12_000, approximate: true }) });
    expect(await screen.findByText('Showing results for “iphone”: nothing matched “iphnoe”.')).toBeInTheDocument();
    expect(await screen.findByText('About 12,000 listings')).toBeInTheDocument();
  });

  it('offers the chosen city’s neighborhoods with their counts, each chosen one a chip', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/search?city=3&neighborhoods=31', {
      facets: facets({
        neighborhoods: [
          { id: 31, name: 'Al Barsha', count: 2 },
          { id: 32, name: 'Deira', count: 5 },
        ],
      }),
    });
    const group = await screen.findByRole('group', { name: 'Neighborhoods' });
    expect(await within(group).findByRole('checkbox', { name: 'Al Barsha 2' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Deira 5' }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=3&neighborhoods=31,32'));
    const chips = screen.getByRole('list', { name: 'Chosen filters' });
    await user.click(within(chips).getByRole('button', { name: 'Remove Neighborhood: Al Barsha' }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=3&neighborhoods=32'));
  });

  it('puts each filter in the address, so Back, a reload and a shared link show the same page', async () => {
    const user = userEvent.setup();
    const { router, asked } = renderSearch('/search?q=iphone');
    const condition = await screen.findByRole('group', { name: 'Condition' });
    await user.click(within(condition).getByRole('checkbox', { name: /New/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=iphone&condition=new'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?q=iphone&condition=new&sort=price_asc'));
    await waitFor(() => expect(asked('/api/search')).toContain('q=iphone&condition=new&sort=price_asc'));

    const price = screen.getByRole('group', { name: 'Price (AED)' });
    await user.type(within(price).getByRole('textbox', { name: 'Lowest price' }), '2000');
    await user.type(within(price).getByRole('textbox', { name: 'Highest price' }), '500');
    await user.click(within(price).getByRole('button', { name: 'Apply' }));
    // Bounds typed the wrong way round are swapped, not refused.
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=iphone&min_price=500&max_price=2000&condition=new&sort=price_asc'),
    );

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=iphone&condition=new&sort=price_asc'));
  });

  it('counts each value, and a value that would leave nothing cannot be chosen', async () => {
    renderSearch('/search?q=iphone');
    const condition = await screen.findByRole('group', { name: 'Condition' });
    await waitFor(() => expect(within(condition).getByRole('checkbox', { name: 'Good 2' })).toBeEnabled());
    expect(within(condition).getByRole('checkbox', { name: 'Fair 0' })).toBeDisabled();
    const categoryLinks = screen.getByRole('group', { name: 'Category' });
    expect(within(categoryLinks).getByRole('link', { name: 'Mobile phones' })).toHaveAttribute(
      'href',
      '/search?q=iphone&category=mobile-phones',
    );
    expect(within(categoryLinks).queryByRole('link', { name: 'Laptops' })).not.toBeInTheDocument();
  });

  it('offers the chosen category’s own fields, and shows every filter as a chip that removes it', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/search?category=mobile-phones&a.brand=apple&a.storage_gb=64-&condition=good', {
      facets: facets({
        attributes: [
          {
            key: 'brand',
            values: [
              { value: 'apple', count: 2 },
              { value: 'samsung', count: 4 },
            ],
          },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile phones' })).toBeInTheDocument();
    const brand = await screen.findByRole('group', { name: 'Brand' });
    expect(within(brand).getByRole('checkbox', { name: 'Apple 2' })).toBeChecked();
    const chips = screen.getByRole('list', { name: 'Chosen filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Remove Mobile phones', 'Remove Condition: Good', 'Remove Brand: Apple', 'Remove Storage: from 64 GB']);
    await user.click(within(chips).getByRole('button', { name: 'Remove Brand: Apple' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=mobile-phones&a.storage_gb=64-&condition=good'),
    );
  });

  it('names a year range without thousands separators, and a measure with its unit', async () => {
    renderSearch('/search?category=vehicles&a.year=2018-2022&a.kilometres=-100000');
    const chips = await screen.findByRole('list', { name: 'Chosen filters' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(['Remove Vehicles', 'Remove Year: 2018–2022', 'Remove Kilometres: up to 100,000 km']),
    );
  });

  it('with nothing found, offers to remove the filter that brings back the most listings', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/search?q=iphone&condition=fair&seller_type=company', {
      results: [],
      facets: facets({
        total: 0,
        conditions: [
          { value: 'good', count: 5 },
          { value: 'new', count: 1 },
        ],
        seller_types: [{ value: 'individual', count: 2 }],
      }),
    });
    expect(await screen.findByText('No listings match this search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove “Condition: Fair” to see 6 listings.' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=iphone&seller_type=company'));
  });

  it('Load more is a link to the next page of results, for crawlers and new tabs', async () => {
    renderSearch('/search?q=iphone', { next: 'abc' });
    expect(await screen.findByRole('link', { name: 'Load more' })).toHaveAttribute(
      'href',
      '/search?q=iphone&cursor=abc',
    );
  });
});
