import { describe, expect, it } from 'vitest';
import { translators } from '../i18n/all-catalogues';
import { listingChangesSchema, listingProblems, type ListingValues } from './listing-fields';

const values: ListingValues = {
  category_id: 1,
  title: 'Villa in Arabian Ranches',
  description: 'Four bedrooms, a garden and a shaded parking for two cars.',
  condition: null,
  price_fils: 12_000_000,
  price_period: null,
  negotiable: false,
  quantity: 1,
  attributes: {},
  city_id: 1,
  neighborhood_id: null,
  latitude: null,
  longitude: null,
  pickup: false,
  delivery: false,
  delivery_fee_fils: null,
};
const context = { attributes: [], categoryIsLeaf: true, accountType: 'individual', photoCount: 1 } as const;
const problemsOf = (changed: Partial<ListingValues>, tradeKind?: 'items' | 'rent' | 'sale_contact') =>
  Object.fromEntries(
    Object.entries(listingProblems({ ...values, ...changed }, { ...context, tradeKind })).map(([field, problem]) => [
      field,
      translators.en.text(problem ?? ''),
    ]),
  );

describe('what a listing needs by its category’s trade kind (issue 32)', () => {
  it('a rent needs a price period, and neither a condition nor a way to hand it over', () => {
    expect(problemsOf({}, 'rent')).toEqual({ price_period: 'The Rent period field is required' });
    expect(problemsOf({ price_period: 'year' }, 'rent')).toEqual({});
  });

  it('items need a condition and pickup or delivery, and no period', () => {
    expect(Object.keys(problemsOf({ price_period: 'month' }, 'items')).sort()).toEqual(['condition', 'delivery']);
    expect(Object.keys(problemsOf({})).sort()).toEqual(['condition', 'delivery']);
  });

  it('a sale by contact needs a condition but no delivery options', () => {
    expect(Object.keys(problemsOf({}, 'sale_contact'))).toEqual(['condition']);
    expect(problemsOf({ condition: 'good' }, 'sale_contact')).toEqual({});
  });

  it('a draft’s price period is year, month or null, nothing else', () => {
    expect(listingChangesSchema.parse({ price_period: 'month' })).toEqual({ price_period: 'month' });
    expect(listingChangesSchema.parse({ price_period: null })).toEqual({ price_period: null });
    for (const wrong of ['week', '', 1, true, {}]) {
      expect(listingChangesSchema.safeParse({ price_period: wrong }).success).toBe(false);
    }
  });
});
