import {
  FILS_PER_DIRHAM,
  type CategoryAttribute,
  type Listing,
  type ListingChangesRequest,
  type ListingCondition,
  type ListingValues,
  type PricePeriod,
} from '@marketplace/contracts';
import { toFils } from '../../lib/to-fils';

/** The wizard's inputs: what the seller types (prices in dirhams, numbers as text), not what the API stores. */
export interface WizardValues {
  category_id: number | null;
  title: string;
  description: string;
  condition: ListingCondition | '';
  attributes: Record<string, string | boolean>;
  price: string;
  /** A rent's (issue 32): what the price is for. */
  price_period: PricePeriod | '';
  free: boolean;
  negotiable: boolean;
  quantity: string;
  city_id: string;
  neighborhood_id: string;
  /** The map pin: both or neither (docs/product/marketplace.md: an optional map point). */
  latitude: number | null;
  longitude: number | null;
  pickup: boolean;
  delivery: boolean;
  delivery_fee: string;
}

const dirhams = (fils: number | null) => (fils === null ? '' : String(fils / FILS_PER_DIRHAM));

export function toWizardValues(listing: Listing): WizardValues {
  return {
    category_id: listing.category?.id ?? null,
    title: listing.title,
    description: listing.description ?? '',
    condition: listing.condition ?? '',
    attributes: Object.fromEntries(
      Object.entries(listing.attributes).map(([key, value]) => [
        key,
        typeof value === 'boolean' ? value : value === null ? '' : String(value),
      ]),
    ),
    price: listing.price_fils === 0 ? '' : dirhams(listing.price_fils),
    price_period: listing.price_period ?? '',
    free: listing.price_fils === 0,
    negotiable: listing.negotiable,
    quantity: String(listing.quantity),
    city_id: listing.city_id === null ? '' : String(listing.city_id),
    neighborhood_id: listing.neighborhood_id === null ? '' : String(listing.neighborhood_id),
    latitude: listing.latitude,
    longitude: listing.longitude,
    pickup: listing.pickup,
    delivery: listing.delivery,
    delivery_fee: dirhams(listing.delivery_fee_fils),
  };
}

function attributeValue(raw: string | boolean | undefined, definition: CategoryAttribute) {
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'boolean') return raw;
  if (definition.type !== 'number') return raw;
  const number = Number(raw);
  return Number.isFinite(number) ? number : raw;
}

const optionalId = (text: string) => (text === '' ? null : Number(text));

/** Everything the wizard holds, as the API takes it; the caller sends only what differs from the last save. */
export function toListingValues(values: WizardValues, definitions: readonly CategoryAttribute[]): ListingValues {
  const fee = toFils(values.delivery_fee);
  return {
    category_id: values.category_id,
    title: values.title.trim() === '' ? null : values.title,
    description: values.description.trim() === '' ? null : values.description,
    condition: values.condition === '' ? null : values.condition,
    price_fils: values.free ? 0 : toFils(values.price),
    price_period: values.price_period === '' ? null : values.price_period,
    negotiable: values.free ? false : values.negotiable,
    quantity: Number(values.quantity) || 1,
    attributes: Object.fromEntries(
      definitions.map((definition) => [definition.key, attributeValue(values.attributes[definition.key], definition)]),
    ),
    city_id: optionalId(values.city_id),
    neighborhood_id: optionalId(values.neighborhood_id),
    latitude: values.latitude === null || values.longitude === null ? null : values.latitude,
    longitude: values.latitude === null || values.longitude === null ? null : values.longitude,
    pickup: values.pickup,
    delivery: values.delivery,
    delivery_fee_fils: values.delivery ? fee : null,
  };
}

/** The fields the wizard edits. */
const EDITED = [
  'category_id',
  'title',
  'description',
  'condition',
  'price_fils',
  'price_period',
  'negotiable',
  'quantity',
  'attributes',
  'city_id',
  'neighborhood_id',
  'latitude',
  'longitude',
  'pickup',
  'delivery',
  'delivery_fee_fils',
] as const satisfies readonly (keyof ListingValues & keyof ListingChangesRequest)[];

/** The fields of `next` that differ from `saved`, ready for PATCH. */
export function changedFields(saved: ListingValues, next: ListingValues): ListingChangesRequest {
  const changes: Record<string, unknown> = {};
  for (const field of EDITED) {
    if (JSON.stringify(saved[field]) !== JSON.stringify(next[field])) changes[field] = next[field];
  }
  // The pin goes as a whole: the server refuses a latitude without its longitude (and the reverse).
  if ('latitude' in changes || 'longitude' in changes) {
    changes.latitude = next.latitude;
    changes.longitude = next.longitude;
  }
  return changes;
}

/** An API field's problem shown under the wizard's input for it. */
export function formPath(field: string): string {
  if (field === 'price_fils' || field === 'negotiable') return 'price';
  if (field === 'delivery_fee_fils') return 'delivery_fee';
  if (field === 'latitude' || field === 'longitude') return 'location';
  return field;
}
