import type { Category, Listing, ListingCard, ListingPhoto, SellerSummary } from '@marketplace/contracts';
import { afterEach } from 'vitest';
import { http } from '../lib/http';

const attribute = {
  required: false,
  filterable: true,
  min: null,
  max: null,
  decimal: false,
  unit: null,
} as const;

const category = (fields: Partial<Category> & Pick<Category, 'id' | 'slug' | 'name'>): Category => ({
  parent_id: null,
  icon: 'tag',
  position: fields.id,
  listing_count: 0,
  attributes: [],
  trade_kind: 'items',
  ...fields,
});

const phoneAttributes: Category['attributes'] = [
  {
    ...attribute,
    key: 'brand',
    label: 'Brand',
    type: 'enum',
    options: [
      { value: 'apple', label: 'Apple' },
      { value: 'samsung', label: 'Samsung' },
    ],
  },
  { ...attribute, key: 'storage_gb', label: 'Storage', type: 'number', unit: 'GB', options: [] },
  { ...attribute, key: 'unlocked', label: 'Unlocked', type: 'boolean', options: [] },
  { ...attribute, key: 'colour', label: 'Colour', type: 'text', options: [] },
];

export const categories: Category[] = [
  category({ id: 1, slug: 'electronics', name: 'Electronics', icon: 'phone', listing_count: 3 }),
  category({
    id: 2,
    slug: 'mobile-phones',
    name: 'Mobile phones',
    parent_id: 1,
    listing_count: 2,
    attributes: phoneAttributes,
  }),
  category({ id: 3, slug: 'laptops', name: 'Laptops', parent_id: 1, listing_count: 1 }),
  category({
    id: 4,
    slug: 'vehicles',
    name: 'Vehicles',
    icon: 'car',
    listing_count: 0,
    attributes: [
      { ...attribute, key: 'year', label: 'Year', type: 'number', number_format: 'year', options: [] },
      { ...attribute, key: 'kilometres', label: 'Kilometres', type: 'number', unit: 'km', options: [] },
    ],
  }),
];

export const photo = (id: number): ListingPhoto => ({
  id,
  thumb: `/media/${id}-thumb.jpg`,
  card: `/media/${id}-card.jpg`,
  full: `/media/${id}-full.jpg`,
  width: 640,
  height: 480,
  placeholder: 'data:image/jpeg;base64,AAAA',
});

export const card = (id: number, fields: Partial<ListingCard> = {}): ListingCard => ({
  id,
  slug: `phone-${id}`,
  status: 'active',
  title: `Phone number ${id}`,
  price_fils: 125_000,
  price_period: null,
  negotiable: false,
  condition: 'good',
  city: 'Dubai',
  neighborhood: 'Dubai Marina',
  cover: photo(id * 10),
  published_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
  seller_rating: { average: null, count: 0 },
  ...fields,
});

export const seller: SellerSummary = {
  id: 7,
  name: 'Omar S.',
  account_type: 'individual',
  avatar: null,
  member_since: '2025-01-15T10:00:00.000Z',
  active_listings: 3,
  rating: { average: 4.5, count: 12 },
  email_verified: true,
};

export const listing = (fields: Partial<Listing> = {}): Listing => ({
  ...card(5),
  title: 'iPhone 13, 128 GB',
  slug: 'iphone-13-128-gb',
  description: 'Bought in 2022.\nAlways in a case.',
  category: { id: 2, name: 'Mobile phones', slug: 'mobile-phones', trade_kind: 'items' },
  quantity: 1,
  attributes: { brand: 'apple', storage_gb: 128, unlocked: true, colour: 'Blue' },
  city_id: 1,
  neighborhood_id: 2,
  latitude: null,
  longitude: null,
  pickup: true,
  delivery: true,
  delivery_fee_fils: 2_500,
  photos: [photo(1), photo(2), photo(3)],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  views: 3,
  seller,
  actions: [],
  ...fields,
});

/**
 * A fake API for the catalogue's pages: each address answers with its body, or fails with its
 * status when the answer is a number (a function answers afresh on each request). Returns the
 * addresses asked for.
 */
export function fakeCatalogueApi() {
  const network = http.transport;
  afterEach(() => {
    http.transport = network;
  });
  return (answers: Record<string, unknown>) => {
    const asked: string[] = [];
    http.transport = ({ url }) => {
      asked.push(url);
      const found: unknown = url in answers ? answers[url] : 404;
      const answer = typeof found === 'function' ? (found as () => unknown)() : found;
      const status = typeof answer === 'number' ? answer : 200;
      return Promise.resolve({ data: typeof answer === 'number' ? {} : answer, status, headers: new Headers() });
    };
    return asked;
  };
}
