import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { listingChangesSchema, listingProblems, type ListingValues } from '../catalogue/listing-fields';
import { translators } from '../i18n/all-catalogues';
import { message } from '../i18n/message';
import { newOrderSchema, reviewSchema } from '../orders/orders-api';
import { boundedWholeNumber, coordinate, numberProblem } from './number-fields';

/** The issues' messages as a reader of `locale` sees them. */
const messagesOf = (schema: z.ZodMiniType, input: unknown, locale: 'en' | 'ar' = 'en') => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => translators[locale].text(issue.message));
};

const price = boundedWholeNumber('listing.field.price', { min: 0, max: 10_000_000_000, fils: true });
const quantity = boundedWholeNumber('listing.field.quantity', { min: 1, max: 10_000 });

describe('a number field’s messages name the rule broken', () => {
  it.each([
    [-1, 'Price must be at least AED 0.', 'يجب ألا تقل قيمة السعر عن 0 درهم.'],
    [
      12.5,
      'Price must be a whole number of fils: at most two decimals in AED.',
      'يجب أن تكون قيمة السعر عددًا صحيحًا من الفلوس: منزلتان عشريتان على الأكثر بالدرهم.',
    ],
    [10_000_000_001, 'Price must be at most AED 100,000,000.', 'يجب ألا تزيد قيمة السعر على 100,000,000 درهم.'],
    ['1000', 'Price must be a number.', 'يجب أن تكون قيمة السعر رقمًا.'],
  ])('an amount of fils, %j, in AED as the forms show it', (input, english, arabic) => {
    expect(messagesOf(price, input)).toEqual([english]);
    expect(messagesOf(price, input, 'ar')).toEqual([arabic]);
  });

  it.each([
    [0, 'Quantity must be at least 1.'],
    [10_001, 'Quantity must be at most 10000.'],
    [1.5, 'Quantity must be a whole number.'],
    [5e-324, 'Quantity must be a whole number.'],
    [1e308, 'Quantity must be at most 10000.'],
    [-(2 ** 53), 'Quantity must be at least 1.'],
    [null, 'Quantity must be a number.'],
    [undefined, 'The Quantity field is required'],
  ])('a whole number, %j', (input, english) => {
    expect(messagesOf(quantity, input)).toEqual([english]);
  });

  it('passes what is within the rules, −0 as 0', () => {
    expect(price.parse(0)).toBe(0);
    expect(price.parse(10_000_000_000)).toBe(10_000_000_000);
    expect(quantity.parse(10_000)).toBe(10_000);
    expect(numberProblem(-0, 'x', { min: 0, max: 1, whole: true })).toBeUndefined();
  });

  it('words a field named by its text (a category’s own field) in Arabic too', () => {
    const year = (value: number) => numberProblem(value, 'سنة الصنع', { min: 1950, max: 2027, whole: true });
    expect(translators.ar.text(year(1949) ?? message('rule.default'))).toBe('يجب ألا تقل قيمة سنة الصنع عن 1950.');
    expect(translators.en.text(numberProblem(2028, 'Year', { min: 1950, max: 2027, whole: true }) ?? '')).toBe(
      'Year must be at most 2027.',
    );
  });
});

describe('coordinates', () => {
  const latitude = coordinate('listing.field.latitude', 90);
  const longitude = coordinate('listing.field.longitude', 180);

  it('are kept to six decimals: a subnormal or −0 becomes 0', () => {
    expect(longitude.parse(55.2708123456)).toBe(55.270812);
    for (const tiny of [5e-324, 5.4e-323, 2.2250738585072014e-308, -2.2250738585072014e-308, -0]) {
      expect(Object.is(longitude.parse(tiny), 0), String(tiny)).toBe(true);
    }
  });

  it('say which bound a value is past, in both languages', () => {
    expect(messagesOf(latitude, 1e308)).toEqual(['Latitude must be at most 90.']);
    expect(messagesOf(longitude, -1e308)).toEqual(['Longitude must be at least -180.']);
    expect(messagesOf(longitude, -1e308, 'ar')).toEqual(['يجب ألا تقل قيمة خط الطول عن -180.']);
    expect(messagesOf(latitude, 'north')).toEqual(['Latitude must be a number.']);
  });
});

describe('the listing and order schemas use them', () => {
  it('words a listing’s price, fee, quantity and pin by their rules', () => {
    const result = listingChangesSchema.safeParse({
      price_fils: -1,
      delivery_fee_fils: 10_000_001,
      quantity: 0,
      latitude: 91,
      longitude: 5.4e-323,
    });
    const errors = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), translators.en.text(issue.message)]),
    );
    expect(errors).toEqual({
      price_fils: 'Price must be at least AED 0.',
      delivery_fee_fils: 'Delivery fee must be at most AED 100,000.',
      quantity: 'Quantity must be at least 1.',
      latitude: 'Latitude must be at most 90.',
    });
    expect(listingChangesSchema.parse({ latitude: -0, longitude: 5.4e-323 })).toEqual({ latitude: 0, longitude: 0 });
  });

  it('words the publishing check’s price in AED, not fils', () => {
    const values: ListingValues = {
      category_id: 1,
      title: 'A fine phone',
      description: 'A fine phone, twenty characters at least.',
      condition: 'good',
      price_fils: 10_000_000_001,
      price_period: null,
      negotiable: false,
      quantity: 1,
      attributes: {},
      city_id: 1,
      neighborhood_id: null,
      latitude: null,
      longitude: null,
      pickup: true,
      delivery: true,
      delivery_fee_fils: -1,
    };
    const problems = listingProblems(values, {
      attributes: [],
      categoryIsLeaf: true,
      accountType: 'individual',
      photoCount: 1,
    });
    expect(translators.en.text(problems.price_fils ?? '')).toBe('Price must be at most AED 100,000,000.');
    expect(translators.en.text(problems.delivery_fee_fils ?? '')).toBe('Delivery fee must be at least AED 0.');
  });

  it('words an offer, its quantity and a rating by their rules', () => {
    const order = (changes: Record<string, unknown>) =>
      messagesOf(newOrderSchema, {
        listing_id: 1,
        kind: 'offer',
        delivery_method: 'pickup',
        offer_fils: 100,
        ...changes,
      });
    expect(order({ offer_fils: 12.5 })).toEqual(['Price must be a whole number of fils: at most two decimals in AED.']);
    expect(order({ offer_fils: 10_000_000_001 })).toEqual(['Price must be at most AED 100,000,000.']);
    expect(order({ quantity: 10_001 })).toEqual(['Quantity must be at most 10000.']);
    expect(messagesOf(reviewSchema, { rating: 6 })).toEqual(['Rating must be at most 5.']);
    expect(messagesOf(reviewSchema, { rating: 4.5 })).toEqual(['Rating must be a whole number.']);
    expect(messagesOf(reviewSchema, {})).toEqual(['The Rating field is required']);
  });
});
