import type { Category, Listing, ListingChangesRequest } from '@marketplace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { categories, cities, draft, routedApi } from '../../test/selling-fixtures';
import { SellPage } from './sell-page';

/** The wizard's steps by the category's kind of trade (issue 32). */

const api = routedApi();
const kinds: Category[] = [
  ...categories,
  { ...categories[0], id: 9, slug: 'property-for-rent', name: 'Property for rent', trade_kind: 'rent' } as Category,
  { ...categories[0], id: 10, slug: 'cars', name: 'Cars', trade_kind: 'sale_contact' } as Category,
];

function renderStep(
  step: string,
  category: { id: number; name: string; slug: string; trade_kind: Category['trade_kind'] },
  fields: Partial<Listing> = {},
) {
  const sent = api({
    'GET /api/listings/5': () => ({ body: { data: draft({ category, ...fields }) } }),
    'GET /api/categories': () => ({ body: { data: kinds } }),
    'GET /cities': () => ({ body: { data: cities } }),
    'PATCH /api/listings/5': ({ body }) => ({ body: { data: { ...draft({ category }), ...(body as object) } } }),
  });
  renderRoutes([{ path: '/items/:id/edit', element: <SellPage /> }], {
    path: `/items/5/edit?step=${step}`,
    user: layla,
  });
  return {
    patches: () =>
      sent.filter((request) => request.method === 'PATCH').map((request) => request.body as ListingChangesRequest),
  };
}

const rent = { id: 9, name: 'Property for rent', slug: 'property-for-rent', trade_kind: 'rent' } as const;
const cars = { id: 10, name: 'Cars', slug: 'cars', trade_kind: 'sale_contact' } as const;

describe('the wizard by the kind of trade', () => {
  it('asks a rent for its period, saved as picked, and offers neither free nor negotiable', async () => {
    const { patches } = renderStep('price', rent);
    const period = await screen.findByRole('combobox', { name: /Rent period/ });
    expect(screen.queryByRole('checkbox', { name: 'Give it away for free' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'The price is negotiable' })).not.toBeInTheDocument();
    await userEvent.setup().selectOptions(period, 'Per month');
    await waitFor(() => expect(patches()).toContainEqual({ price_period: 'month' }), { timeout: 3000 });
  });

  it('never lets a rent be free: a free draft moved into rent is asked for its rent, naming the rule', async () => {
    const { patches } = renderStep('price', rent, { price_fils: 0 });
    expect(await screen.findByText('A rent cannot be free: enter the rent per year or per month.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Price/ })).toHaveValue('');
    expect(screen.queryByText(/Free/)).not.toBeInTheDocument();
    await waitFor(() => expect(patches()).toContainEqual(expect.objectContaining({ price_fils: null })), {
      timeout: 3000,
    });
  });

  it('asks a rent for no condition', async () => {
    renderStep('details', rent);
    expect(await screen.findByRole('textbox', { name: /Title/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Condition/ })).not.toBeInTheDocument();
  });

  it('asks a car sold by contact for no pickup or delivery', async () => {
    renderStep('place', cars);
    expect(await screen.findByRole('combobox', { name: /City/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'The buyer picks it up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I deliver it' })).not.toBeInTheDocument();
  });

  it('asks items for pickup or delivery', async () => {
    renderStep('place', { id: 2, name: 'Mobile phones', slug: 'mobile-phones', trade_kind: 'items' });
    expect(await screen.findByRole('checkbox', { name: 'The buyer picks it up' })).toBeInTheDocument();
  });
});
