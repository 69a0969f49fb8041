import type { Category, City, Listing, ListingPhoto, OwnListingCard } from '@marketplace/contracts';
import { afterEach } from 'vitest';
import { http, type HttpRequest } from '../lib/http';

export const categories: Category[] = [
  {
    id: 1,
    parent_id: null,
    slug: 'electronics',
    name: 'Electronics',
    icon: 'electronics',
    position: 1,
    listing_count: 0,
    attributes: [],
    trade_kind: 'items',
  },
  {
    id: 2,
    parent_id: 1,
    slug: 'mobile-phones',
    name: 'Mobile phones',
    icon: 'phone',
    position: 1,
    listing_count: 0,
    attributes: [
      {
        key: 'brand',
        label: 'Brand',
        type: 'enum',
        unit: null,
        required: true,
        filterable: true,
        options: [
          { value: 'apple', label: 'Apple' },
          { value: 'samsung', label: 'Samsung' },
        ],
        min: null,
        max: null,
        decimal: false,
      },
    ],
    trade_kind: 'items',
  },
];

export const cities: City[] = [
  { id: 1, name: 'Dubai', neighborhoods: [{ id: 11, name: 'Dubai Marina' }] },
  { id: 2, name: 'Abu Dhabi', neighborhoods: [{ id: 21, name: 'Al Reem Island' }] },
] as City[];

export const photo = (id: number): ListingPhoto => ({
  id,
  thumb: `/media/photos/p${id}-thumb.webp`,
  card: `/media/photos/p${id}-card.webp`,
  full: `/media/photos/p${id}-full.webp`,
  width: 400,
  height: 300,
  placeholder: 'data:image/webp;base64,AAAA',
});

export function draft(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 5,
    slug: 'item',
    status: 'draft',
    title: '',
    price_fils: null,
    price_period: null,
    negotiable: false,
    condition: null,
    city: 'Dubai',
    neighborhood: null,
    cover: null,
    published_at: null,
    description: null,
    category: { id: 2, name: 'Mobile phones', slug: 'mobile-phones', trade_kind: 'items' },
    quantity: 1,
    attributes: {},
    city_id: 1,
    neighborhood_id: null,
    latitude: null,
    longitude: null,
    pickup: true,
    delivery: false,
    delivery_fee_fils: null,
    photos: [],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    expires_at: null,
    views: 0,
    seller: {
      id: 1,
      name: 'Layla H.',
      account_type: 'individual',
      avatar: null,
      member_since: '2026-01-01T00:00:00.000Z',
      active_listings: 0,
      rating: { average: null, count: 0 },
      email_verified: true,
    },
    actions: ['edit', 'publish', 'delete'],
    ...overrides,
  };
}

export function ownCard(overrides: Partial<OwnListingCard> = {}): OwnListingCard {
  return {
    id: 7,
    slug: 'iphone-13',
    status: 'active',
    title: 'iPhone 13',
    price_fils: 180_000,
    price_period: null,
    negotiable: false,
    condition: 'good',
    city: 'Dubai',
    neighborhood: null,
    cover: photo(1),
    published_at: '2026-11-20T10:00:00.000Z',
    category: { id: 2, name: 'Mobile phones' },
    updated_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    expires_at: new Date(Date.now() + 12 * 24 * 3600_000).toISOString(),
    views: 3,
    photo_count: 1,
    saves: 2,
    seller_rating: { average: null, count: 0 },
    actions: ['edit', 'pause', 'mark_sold', 'delete'],
    ...overrides,
  };
}

export interface Reply {
  status?: number;
  body?: unknown;
}
/** A request the fake API received: its JSON body parsed, its query string apart. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  request: HttpRequest;
}
type Handler = (received: Received) => Reply | Promise<Reply>;

/**
 * A fake API answering by "METHOD /path" (query string left out); records every request with its
 * parsed JSON body. Unknown requests answer 404.
 */
export function routedApi() {
  const network = http.transport;
  afterEach(() => {
    http.transport = network;
  });
  return (routes: Record<string, Handler>) => {
    const sent: Received[] = [];
    http.transport = async (request) => {
      const [path = '', query] = request.url.split('?');
      const body: unknown =
        typeof request.body === 'string' && request.body.startsWith('{') ? JSON.parse(request.body) : request.body;
      const received = { method: request.method, path, query: new URLSearchParams(query), body, request };
      sent.push(received);
      const handler = routes[`${request.method} ${path}`];
      const reply = handler ? await handler(received) : { status: 404, body: { message: 'Not Found' } };
      return { data: reply.body ?? {}, status: reply.status ?? 200, headers: new Headers() };
    };
    return sent;
  };
}
