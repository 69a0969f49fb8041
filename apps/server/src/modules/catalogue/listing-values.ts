import {
  attributeProblems,
  encodeMessage,
  hasProblems,
  listingProblems,
  message,
  tradeRules,
  type ListingChanges,
  type ListingProblems,
  type ListingValues,
  type TradeRules,
  type User,
} from '@marketplace/contracts';
import { ValidationError } from '../../plugins/validation';
import type { CategoriesRepository } from './categories-repository';
import type { ListingRow, ListingsRepository } from './listings-repository';

/** What the rules of a listing's values look things up in. */
export interface ListingRules {
  categories: CategoriesRepository;
  listings: Pick<ListingsRepository, 'cityExists' | 'neighborhoodInCity'>;
}

export function valuesOf(row: ListingRow): ListingValues {
  return {
    category_id: row.category_id,
    title: row.title,
    description: row.description,
    condition: row.condition,
    price_fils: row.price_fils,
    price_period: row.price_period,
    negotiable: row.negotiable,
    quantity: row.quantity,
    attributes: row.attributes,
    city_id: row.city_id,
    neighborhood_id: row.neighborhood_id,
    latitude: row.latitude,
    longitude: row.longitude,
    pickup: row.pickup,
    delivery: row.delivery,
    delivery_fee_fils: row.delivery_fee_fils,
  };
}

export function toValidationError(problems: ListingProblems): ValidationError {
  const errors = Object.fromEntries(
    Object.entries(problems).flatMap(([field, problem]) => (problem ? [[field, [encodeMessage(problem)]]] : [])),
  );
  return new ValidationError(errors);
}

/** `current` with `changes` applied, after the checks only the server can make. */
export async function mergedValues(
  { categories, listings }: ListingRules,
  seller: User,
  current: ListingValues,
  changes: ListingChanges,
): Promise<ListingValues> {
  const next: ListingValues = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined && field !== 'attributes') (next as unknown as Record<string, unknown>)[field] = value;
  }
  const problems: ListingProblems = {};
  if (changes.category_id !== undefined && changes.category_id !== null) {
    if (!(await categories.find(changes.category_id, 'en'))) {
      problems.category_id = message('listing.unknownCategory');
    }
  }
  const category = next.category_id === null ? undefined : await categories.find(next.category_id, 'en');
  const definitions = category?.attributes ?? [];
  // Null clears a value; a new category keeps only the values its own fields can hold.
  const attributes = Object.fromEntries(
    Object.entries({ ...current.attributes, ...changes.attributes }).filter(
      ([key, value]) =>
        value !== null &&
        (definitions.some((definition) => definition.key === key) || changes.attributes?.[key] !== undefined),
    ),
  );
  next.attributes = attributes;
  Object.assign(problems, attributeProblems(attributes, definitions, { publishing: false }));
  if (changes.city_id !== undefined && changes.city_id !== current.city_id && changes.neighborhood_id === undefined) {
    next.neighborhood_id = null;
  }
  if (next.city_id !== null && changes.city_id !== undefined && !(await listings.cityExists(next.city_id))) {
    problems.city_id = message('rule.default', { field: message('listing.field.city') });
  }
  if (next.neighborhood_id !== null && changes.neighborhood_id !== undefined) {
    if (next.city_id === null || !(await listings.neighborhoodInCity(next.neighborhood_id, next.city_id))) {
      problems.neighborhood_id = message('listing.neighborhoodOfCity');
    }
  }
  if (seller.account_type === 'individual' && next.quantity !== 1) {
    problems.quantity = message('listing.quantityCompaniesOnly');
  }
  // A pin is a point: a latitude without its longitude (or the reverse) is never stored, not even in a draft.
  if ((next.latitude === null) !== (next.longitude === null)) {
    problems.location = message('rule.default', { field: message('listing.field.location') });
  }
  if (next.price_fils === 0) next.negotiable = false;
  if (tradeRules(category?.trade_kind).pricePeriod && next.price_fils === 0) {
    // A rent is never free: asked for, it is refused; a free item's draft moved into a rent category
    // keeps no price until its rent is typed (never "Free" on a rent, issue 32).
    if (changes.price_fils === 0) problems.price_fils = message('listing.rentNotFree');
    else next.price_fils = null;
  }
  fitTradeKind(next, tradeRules(category?.trade_kind));
  if (!next.delivery) next.delivery_fee_fils = null;
  if (hasProblems(problems)) throw toValidationError(problems);
  return next;
}

/**
 * Keeps only what the category's kind of trade holds (issue 32): a period for a rent's price and for
 * nothing else, no condition for a rent, no delivery for a rent or a sale by contact (seen and
 * handed over where it is), and no offers where none are taken.
 */
function fitTradeKind(values: ListingValues, trade: TradeRules): void {
  if (!trade.pricePeriod) values.price_period = null;
  if (!trade.condition) values.condition = null;
  if (!trade.delivery) {
    values.delivery = false;
    values.pickup = true;
  }
  if (!trade.offer) values.negotiable = false;
}

export async function publishingProblems(
  { categories }: Pick<ListingRules, 'categories'>,
  seller: User,
  values: ListingValues,
  photoCount: number,
): Promise<ListingProblems> {
  const category = values.category_id === null ? undefined : await categories.find(values.category_id, 'en');
  return listingProblems(values, {
    attributes: category?.attributes ?? [],
    categoryIsLeaf: values.category_id === null ? true : await categories.isLeaf(values.category_id),
    accountType: seller.account_type,
    photoCount,
    tradeKind: category?.trade_kind,
  });
}

/** The fields whose value changed, old and new: what a listing's history shows. */
export function diff(before: ListingValues, after: ListingValues): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after) as (keyof ListingValues)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return changes;
}
