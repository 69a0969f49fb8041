import type { ListingEvent } from '@marketplace/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { categories } from '../../test/catalogue-fixtures';
import { cities, draft, ownCard, routedApi } from '../../test/selling-fixtures';
import { ListingsHistoryPage } from './listings-history-page';

const api = routedApi();
const counts = { draft: 0, active: 0, paused: 0, reserved: 0, sold: 1, expired: 0, removed: 0 };

const events: ListingEvent[] = [
  {
    id: 3,
    type: 'edited',
    actor: { id: 1, name: 'Layla H.' },
    changes: { price_fils: { from: 180_000, to: 165_050 }, title: { from: 'iPhone 13', to: 'iPhone 13 blue' } },
    created_at: '2026-11-22T09:30:00.000Z',
  },
  {
    id: 4,
    type: 'edited',
    actor: { id: 1, name: 'Layla H.' },
    changes: { city_id: { from: 1, to: 2 }, neighborhood_id: { from: 11, to: null } },
    created_at: '2026-11-22T10:30:00.000Z',
  },
  {
    id: 2,
    type: 'published',
    actor: { id: 1, name: 'Layla H.' },
    changes: { status: { from: 'draft', to: 'active' } },
    created_at: '2026-11-21T09:30:00.000Z',
  },
  {
    id: 5,
    type: 'edited',
    actor: { id: 1, name: 'Layla H.' },
    changes: { latitude: { from: 25.08, to: 25.2 }, longitude: { from: 55.14, to: 55.27 } },
    created_at: '2026-11-22T11:30:00.000Z',
  },
  {
    id: 6,
    type: 'edited',
    actor: { id: 1, name: 'Layla H.' },
    changes: { latitude: { from: null, to: 25.08 }, longitude: { from: null, to: 55.14 } },
    created_at: '2026-11-21T10:30:00.000Z',
  },
  {
    id: 7,
    type: 'edited',
    actor: { id: 1, name: 'Layla H.' },
    changes: { latitude: { from: 25.2, to: null }, longitude: { from: 55.27, to: null }, quantity: { from: 1, to: 2 } },
    created_at: '2026-11-22T12:30:00.000Z',
  },
  { id: 1, type: 'reminded', actor: null, changes: {}, created_at: '2026-11-20T09:30:00.000Z' },
];

describe('the listing history page', () => {
  it('shows a listing’s timeline: who, when, prices as prices, fields and states by name', async () => {
    api({
      'GET /api/listings/7/history': () => ({ body: { data: events } }),
      'GET /cities': () => ({ body: { data: cities } }),
      'GET /api/listings/7': () => ({ body: { data: draft({ id: 7, title: 'iPhone 13 blue', status: 'active' }) } }),
      'GET /api/me/listings': () => ({
        body: { data: [ownCard({ id: 9, title: 'Old sofa', status: 'sold', actions: [] })], next_cursor: null, counts },
      }),
    });
    renderRoutes([{ path: '/account/items/history', element: <ListingsHistoryPage /> }], {
      path: '/account/items/history?listing=7',
      user: layla,
    });
    expect(await screen.findByRole('heading', { name: 'History of “iPhone 13 blue”' })).toBeInTheDocument();
    expect(await screen.findByText('Price: AED 1,800 → AED 1,650.50')).toBeInTheDocument();
    expect(screen.getByText('Title: iPhone 13 → iPhone 13 blue')).toBeInTheDocument();
    expect(screen.getByText('State: a draft → live')).toBeInTheDocument();
    expect(screen.getByText('Reminder sent')).toBeInTheDocument();
    expect(screen.getByText(/^by Marketplace, /)).toBeInTheDocument();
    // The name is isolated in its own direction (<bdi>) inside the line.
    const byLayla = screen.getAllByText(
      (_, element) => element?.tagName === 'SPAN' && /^by Layla H\., /.test(element.textContent ?? ''),
    );
    expect(byLayla).toHaveLength(6);
    expect(byLayla[0]?.querySelector('bdi[dir="auto"]')).toHaveTextContent('Layla H.');
    // Places by name, in the reader's language; a place no longer set is 'none'.
    expect(await screen.findByText('City: Dubai → Abu Dhabi')).toBeInTheDocument();
    expect(screen.getByText('Neighborhood: Dubai Marina → none')).toBeInTheDocument();
    // A map pin is what happened to it, never its coordinates.
    expect(screen.getByText('Location on the map: pin placed')).toBeInTheDocument();
    expect(screen.getByText('Location on the map: pin moved')).toBeInTheDocument();
    expect(screen.getByText('Location on the map: pin removed')).toBeInTheDocument();
    expect(screen.getByText('Quantity: 1 → 2')).toBeInTheDocument();
    expect(screen.queryByText(/25\.08|55\.14|Latitude|Longitude/)).not.toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Old sofa' })).toBeInTheDocument();
  });
});

describe('a listing’s attribute changes', () => {
  it('reads as each field’s label and values as the product page writes them, never as JSON', async () => {
    const changed: ListingEvent[] = [
      {
        id: 11,
        type: 'edited',
        actor: { id: 1, name: 'Layla H.' },
        changes: {
          category_id: { from: 2, to: 4 },
          attributes: {
            from: { brand: 'apple', storage_gb: 128, unlocked: true, colour: 'Blue' },
            to: { year: 2019, kilometres: 12500, colour: 'Blue', storage_gb: 256, unlocked: false, brand: null },
          },
        },
        created_at: '2026-11-23T09:30:00.000Z',
      },
      {
        id: 12,
        type: 'edited',
        actor: { id: 1, name: 'Layla H.' },
        changes: { attributes: { from: { brand: 'samsung' }, to: { brand: 'apple', retired_field: 'x' } } },
        created_at: '2026-11-23T10:30:00.000Z',
      },
    ];
    api({
      'GET /api/listings/7/history': () => ({ body: { data: changed } }),
      'GET /cities': () => ({ body: { data: cities } }),
      'GET /api/categories': () => ({ body: { data: categories } }),
      'GET /api/listings/7': () => ({ body: { data: draft({ id: 7, title: 'Corolla', status: 'active' }) } }),
      'GET /api/me/listings': () => ({ body: { data: [], next_cursor: null, counts } }),
    });
    renderRoutes([{ path: '/account/items/history', element: <ListingsHistoryPage /> }], {
      path: '/account/items/history?listing=7',
      user: layla,
    });
    expect(await screen.findByText('Brand: Samsung → Apple')).toBeInTheDocument();
    expect(screen.getByText('Category: Electronics › Mobile phones → Vehicles')).toBeInTheDocument();
    // A year without grouping, a measure with its unit, yes and no, a field emptied.
    expect(screen.getByText('Year: none → 2019')).toBeInTheDocument();
    expect(screen.getByText('Kilometres: none → 12,500 km')).toBeInTheDocument();
    expect(screen.getByText('Storage: 128 GB → 256 GB')).toBeInTheDocument();
    expect(screen.getByText('Unlocked: Yes → No')).toBeInTheDocument();
    expect(screen.getByText('Brand: Apple → none')).toBeInTheDocument();
    // A field no category has any more keeps its key; one that did not change is not listed.
    expect(screen.getByText('retired_field: none → x')).toBeInTheDocument();
    expect(screen.queryByText(/Colour/)).not.toBeInTheDocument();
    expect(screen.queryByText(/[{}"]/)).not.toBeInTheDocument();
  });
});

describe('a rent’s history', () => {
  it('reads its prices per its period, and a change of period by name', async () => {
    const changed: ListingEvent[] = [
      {
        id: 21,
        type: 'edited',
        actor: { id: 1, name: 'Layla H.' },
        changes: { price_fils: { from: 12_000_000, to: 1_100_000 }, price_period: { from: 'year', to: 'month' } },
        created_at: '2026-11-23T09:30:00.000Z',
      },
      {
        id: 22,
        type: 'edited',
        actor: { id: 1, name: 'Layla H.' },
        changes: { price_fils: { from: 1_100_000, to: 1_000_000 } },
        created_at: '2026-11-23T10:30:00.000Z',
      },
    ];
    api({
      'GET /api/listings/8/history': () => ({ body: { data: changed } }),
      'GET /cities': () => ({ body: { data: cities } }),
      'GET /api/categories': () => ({ body: { data: categories } }),
      'GET /api/listings/8': () => ({
        body: { data: draft({ id: 8, title: 'Villa', status: 'active', price_period: 'month' }) },
      }),
      'GET /api/me/listings': () => ({ body: { data: [], next_cursor: null, counts } }),
    });
    renderRoutes([{ path: '/account/items/history', element: <ListingsHistoryPage /> }], {
      path: '/account/items/history?listing=8',
      user: layla,
    });
    expect(await screen.findByText('Rent period: Per year → Per month')).toBeInTheDocument();
    expect(screen.getByText('Price: AED 120,000 / year → AED 11,000 / month')).toBeInTheDocument();
    // A change of price alone reads with the listing's period now.
    expect(screen.getByText('Price: AED 11,000 / month → AED 10,000 / month')).toBeInTheDocument();
  });
});
