import { z } from 'zod/mini';
import type { AccountType } from '../auth';
import { encodeMessage, message, type Message, type MessageKey } from '../i18n/message';
import { DEFAULT_RULE_MESSAGE_KEY } from '../rules/messages';
import { boundedWholeNumber, coordinate, numberProblem, type NumberBounds } from '../rules/number-fields';
import { firstError, type FieldRules } from '../rules/validate';
import { characterCount, isPlainText } from '../rules/values';
import type { CategoryAttribute } from './categories';
import { attributeProblems, type AttributeValues } from './listing-attributes';
import { pricePeriods, tradeRules, type PricePeriod, type TradeKind } from './trade-kinds';

export const listingConditions = ['new', 'like_new', 'good', 'fair', 'for_parts'] as const;
export type ListingCondition = (typeof listingConditions)[number];

export const listingStatuses = ['draft', 'active', 'paused', 'reserved', 'sold', 'expired', 'removed'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

export const LISTING_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  descriptionMin: 20,
  descriptionMax: 5000,
  photosMax: 10,
  /** 100 million dirhams, in fils: far above anything listed, far below a float's exact range. */
  priceMaxFils: 10_000_000_000,
  deliveryFeeMaxFils: 10_000_000,
  quantityMax: 10_000,
  /** Days a published listing stays up, and the days before the end when its seller is reminded. */
  lifetimeDays: 30,
  reminderDays: 3,
} as const;

/** The rules each field meets before a listing can be published, with the labels the wizard shows. */
export const listingFields = {
  category_id: { label: 'listing.field.category', rules: { required: true } },
  title: {
    label: 'listing.field.title',
    rules: { required: true, min: LISTING_LIMITS.titleMin, max: LISTING_LIMITS.titleMax },
  },
  description: {
    label: 'listing.field.description',
    rules: { required: true, min: LISTING_LIMITS.descriptionMin, max: LISTING_LIMITS.descriptionMax },
  },
  condition: { label: 'listing.field.condition', rules: { required: true, oneOf: listingConditions } },
  // Numbers' bounds are in LISTING_NUMBERS, whose messages say them as the form shows them (AED, not fils).
  price_fils: { label: 'listing.field.price', rules: { required: true } },
  /** A rent's only (trade kind `rent`): what its price is for. */
  price_period: { label: 'listing.field.pricePeriod', rules: { required: true, oneOf: pricePeriods } },
  quantity: { label: 'listing.field.quantity', rules: { required: true } },
  city_id: { label: 'listing.field.city', rules: { required: true } },
  neighborhood_id: { label: 'listing.field.neighborhood', rules: {} },
  delivery_fee_fils: { label: 'listing.field.deliveryFee', rules: {} },
  photos: { label: 'listing.field.photos', rules: {} },
  delivery: { label: 'listing.field.delivery', rules: {} },
  location: { label: 'listing.field.location', rules: {} },
  latitude: { label: 'listing.field.latitude', rules: {} },
  longitude: { label: 'listing.field.longitude', rules: {} },
} as const satisfies Record<string, FieldRules>;
export type ListingField = keyof typeof listingFields;

/** The bounds of a listing's numbers (what their columns hold, and what makes sense): one rule for the API and the wizard. */
export const LISTING_NUMBERS = {
  price_fils: { min: 0, max: LISTING_LIMITS.priceMaxFils, fils: true },
  delivery_fee_fils: { min: 0, max: LISTING_LIMITS.deliveryFeeMaxFils, fils: true },
  quantity: { min: 1, max: LISTING_LIMITS.quantityMax, whole: true },
} as const satisfies Partial<Record<ListingField, NumberBounds>>;

const notValid = (field: ListingField) =>
  encodeMessage(message(DEFAULT_RULE_MESSAGE_KEY, { field: message(listingFields[field].label) }));
const tooLong = (field: 'title' | 'description', max: number) =>
  encodeMessage(message('rule.max', { field: message(listingFields[field].label), length: max }));

/** Text a draft may hold: anything plain up to the field's maximum; null or '' for nothing yet. */
const draftText = (field: 'title' | 'description', max: number, multiline: boolean) =>
  z.pipe(
    z.nullable(z.string({ error: () => notValid(field) })).check(
      z.refine((value) => value === null || isPlainText(value, { multiline }), { error: () => notValid(field) }),
      z.refine((value) => value === null || characterCount(value.trim()) <= max, { error: () => tooLong(field, max) }),
    ),
    z.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
  );

const id = (field: ListingField) =>
  z.nullable(
    z
      .int({ error: () => notValid(field) })
      .check(z.positive({ error: () => notValid(field) }), z.lte(2_147_483_647, { error: () => notValid(field) })),
  );

const listingNumber = (field: keyof typeof LISTING_NUMBERS) =>
  boundedWholeNumber(listingFields[field].label, LISTING_NUMBERS[field]);

const attributeValue = z.nullable(
  z.union([z.string().check(z.maxLength(200)), z.number().check(z.refine(Number.isFinite)), z.boolean()]),
);

/**
 * PATCH /api/listings/:id: the fields that change, each checked on its own (a draft is saved as it
 * is typed, so required fields and minimum lengths wait for publishing; see listingProblems). A
 * field left out keeps its value; null clears it.
 */
export const listingChangesSchema = z.strictObject(
  {
    category_id: z.optional(id('category_id')),
    title: z.optional(draftText('title', LISTING_LIMITS.titleMax, false)),
    description: z.optional(draftText('description', LISTING_LIMITS.descriptionMax, true)),
    condition: z.optional(z.nullable(z.enum(listingConditions, { error: () => notValid('condition') }))),
    price_fils: z.optional(z.nullable(listingNumber('price_fils'))),
    price_period: z.optional(z.nullable(z.enum(pricePeriods, { error: () => notValid('price_period') }))),
    negotiable: z.optional(z.boolean({ error: () => notValid('price_fils') })),
    quantity: z.optional(listingNumber('quantity')),
    attributes: z.optional(
      z.record(z.string().check(z.maxLength(40)), attributeValue, { error: () => notValid('category_id') }),
    ),
    city_id: z.optional(id('city_id')),
    neighborhood_id: z.optional(id('neighborhood_id')),
    latitude: z.optional(z.nullable(coordinate(listingFields.latitude.label, 90))),
    longitude: z.optional(z.nullable(coordinate(listingFields.longitude.label, 180))),
    pickup: z.optional(z.boolean({ error: () => notValid('delivery') })),
    delivery: z.optional(z.boolean({ error: () => notValid('delivery') })),
    delivery_fee_fils: z.optional(z.nullable(listingNumber('delivery_fee_fils'))),
  },
  { error: () => encodeMessage(message('listing.unknownField')) },
);
export type ListingChanges = z.output<typeof listingChangesSchema>;
export type ListingChangesRequest = z.input<typeof listingChangesSchema>;

/** Everything a listing holds that its seller edits: a draft has nulls where nothing was given yet. */
export interface ListingValues {
  category_id: number | null;
  title: string | null;
  description: string | null;
  condition: ListingCondition | null;
  price_fils: number | null;
  /** A rent's period; null for any other kind (the server clears it there). */
  price_period: PricePeriod | null;
  negotiable: boolean;
  quantity: number;
  attributes: AttributeValues;
  city_id: number | null;
  neighborhood_id: number | null;
  latitude: number | null;
  longitude: number | null;
  pickup: boolean;
  delivery: boolean;
  delivery_fee_fils: number | null;
}

export interface ListingContext {
  /** The fields of the listing's category, ancestors' included. */
  attributes: readonly CategoryAttribute[];
  /** Whether the category is a leaf: listings go in the most precise category. */
  categoryIsLeaf: boolean;
  accountType: AccountType;
  photoCount: number;
  /** How the category's listings trade (issue 32); none: as items. */
  tradeKind?: TradeKind | undefined;
}

export type ListingProblems = Partial<Record<string, Message>>;

const problem = (key: MessageKey, field: ListingField, values: Record<string, number> = {}): Message =>
  message(key, { field: message(listingFields[field].label), ...values });

/**
 * What stands between these values and a published listing, by field (attributes as
 * `attributes.<key>`), first problem only: the wizard shows them under each field, the server
 * refuses to publish with them (422).
 */
export function listingProblems(values: ListingValues, context: ListingContext): ListingProblems {
  const problems: ListingProblems = {};
  const check = (field: ListingField, value: unknown) => {
    const failure = firstError(value ?? '', listingFields[field]);
    if (failure) problems[field] = failure;
  };
  const checkNumber = (field: keyof typeof LISTING_NUMBERS, value: number | null) => {
    const failure =
      value === null ? undefined : numberProblem(value, message(listingFields[field].label), LISTING_NUMBERS[field]);
    if (failure) problems[field] ??= failure;
  };
  check('category_id', values.category_id ?? '');
  if (values.category_id !== null && !context.categoryIsLeaf) {
    problems.category_id = problem('listing.pickSubcategory', 'category_id');
  }
  check('title', values.title ?? '');
  check('description', values.description ?? '');
  const trade = tradeRules(context.tradeKind);
  // A rent has no condition and a price per period; items and sales by contact a condition and no period.
  if (trade.condition) check('condition', values.condition ?? '');
  check('price_fils', values.price_fils ?? '');
  if (trade.pricePeriod) check('price_period', values.price_period ?? '');
  // A rent is never free: "Free / year" means nothing.
  if (trade.pricePeriod && values.price_fils === 0) problems.price_fils = message('listing.rentNotFree');
  checkNumber('price_fils', values.price_fils);
  if (context.accountType === 'individual' && values.quantity !== 1) {
    problems.quantity = problem('listing.quantityCompaniesOnly', 'quantity');
  } else {
    check('quantity', values.quantity);
    checkNumber('quantity', values.quantity);
  }
  check('city_id', values.city_id ?? '');
  if (values.neighborhood_id !== null && values.city_id === null) {
    problems.neighborhood_id = problem(DEFAULT_RULE_MESSAGE_KEY, 'neighborhood_id');
  }
  if ((values.latitude === null) !== (values.longitude === null)) {
    problems.location = problem(DEFAULT_RULE_MESSAGE_KEY, 'location');
  }
  // Without delivery options (a rent, a sale by contact) the listing is seen and handed over where it is.
  if (trade.delivery && !values.pickup && !values.delivery) {
    problems.delivery = problem('listing.deliveryNeeded', 'delivery');
  }
  if (trade.delivery && values.delivery) checkNumber('delivery_fee_fils', values.delivery_fee_fils ?? 0);
  if (context.photoCount < 1) problems.photos = problem('listing.photosNeeded', 'photos');
  if (context.photoCount > LISTING_LIMITS.photosMax) {
    problems.photos = problem('listing.photosTooMany', 'photos', { max: LISTING_LIMITS.photosMax });
  }
  Object.assign(problems, attributeProblems(values.attributes, context.attributes, { publishing: true }));
  return problems;
}

export const hasProblems = (problems: ListingProblems): boolean => Object.keys(problems).length > 0;
