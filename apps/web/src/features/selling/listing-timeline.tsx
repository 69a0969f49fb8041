import {
  categoryPath,
  LISTING_STATUS_NAMES,
  listingConditions,
  listingFields,
  listingStatuses,
  PRICE_PERIOD_NAMES,
  pricePeriods,
  type Category,
  type CategoryAttribute,
  type City,
  type ListingEvent,
  type ListingStatus,
  type PricePeriod,
} from '@marketplace/contracts';
import { useCatalogueFormat, type CatalogueFormat } from '../../lib/format';
import { useCities } from '../../lib/api/get-cities';
import { useCategories } from '../../lib/api/categories';
import { attributeValueText } from '../../lib/attribute-value';
import { useI18n, type I18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';

/** The API's field names where the wizard's labels name them differently. */
const LABELLED: Readonly<Record<string, keyof typeof listingFields>> = {
  category_id: 'category_id',
  title: 'title',
  description: 'description',
  condition: 'condition',
  price_fils: 'price_fils',
  price_period: 'price_period',
  quantity: 'quantity',
  city_id: 'city_id',
  neighborhood_id: 'neighborhood_id',
  delivery_fee_fils: 'delivery_fee_fils',
  delivery: 'delivery',
};

const SHOWN_CHARACTERS = 60;

function fieldName({ t }: I18n, field: string): string {
  const labelled = LABELLED[field];
  return labelled ? t(listingFields[labelled].label) : t('myListings.field', { field });
}

/** A city's or neighborhood's name (the cities come in the reader's language), or undefined when unknown. */
function placeName(cities: readonly City[], field: string, value: unknown): string | undefined {
  if (field === 'city_id') return cities.find((city) => city.id === value)?.name;
  if (field === 'neighborhood_id') {
    for (const city of cities) {
      const found = city.neighborhoods.find((neighborhood) => neighborhood.id === value);
      if (found) return found.name;
    }
  }
  return undefined;
}

const isPricePeriod = (value: unknown): value is PricePeriod => pricePeriods.includes(value as PricePeriod);

function valueText(
  { t }: I18n,
  format: CatalogueFormat,
  { cities, categories }: Places,
  field: string,
  value: unknown,
  /** A rent's period at that side of the change: its price reads per year or per month. */
  period?: PricePeriod | null,
): string {
  if (value === null || value === undefined || value === '') return t('myListings.none');
  // A place by its name; an id the list does not hold (yet, or any more) stays a number.
  const place = placeName(cities, field, value);
  if (place !== undefined) return place;
  if (field === 'category_id' && typeof value === 'number' && categories.some((category) => category.id === value)) {
    return categoryPath(categories, value)
      .map((category) => category.name)
      .join(' › ');
  }
  if (field === 'price_fils') return typeof value === 'number' ? format.price(value, period) : '';
  if (field === 'delivery_fee_fils') return typeof value === 'number' ? format.price(value) : '';
  if (field === 'price_period' && isPricePeriod(value)) return t(PRICE_PERIOD_NAMES[value]);
  if (field === 'status' && listingStatuses.includes(value as ListingStatus)) {
    return t(LISTING_STATUS_NAMES[value as ListingStatus]);
  }
  if (field === 'condition' && listingConditions.includes(value as (typeof listingConditions)[number])) {
    return t('sell.condition', { condition: value as string });
  }
  if (typeof value === 'boolean') return t(value ? 'myListings.yes' : 'myListings.no');
  if (typeof value === 'number') return format.number(value);
  return shortened(typeof value === 'string' ? value : JSON.stringify(value));
}

function shortened(text: string): string {
  const characters = Array.from(text);
  return characters.length > SHOWN_CHARACTERS ? `${characters.slice(0, SHOWN_CHARACTERS).join('')}…` : text;
}

/** What names the ids and keys a change holds: cities and categories, in the reader's language. */
interface Places {
  cities: readonly City[];
  categories: readonly Category[];
  /** The listing's category now: its fields name the attributes first. */
  categoryId: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A category field by its key: the listing's own category's first, else any category's (it may have moved). */
function attributeDefinition({ categories, categoryId }: Places, key: string): CategoryAttribute | undefined {
  const own = categories.find((category) => category.id === categoryId)?.attributes.find((field) => field.key === key);
  if (own) return own;
  for (const category of categories) {
    const found = category.attributes.find((field) => field.key === key);
    if (found) return found;
  }
  return undefined;
}

/**
 * The category fields that changed, one line each: 'Brand: Toyota → Honda', labelled and written as
 * the product page writes them, in the reader's language.
 */
function attributeChanges(
  i18n: I18n,
  format: CatalogueFormat,
  places: Places,
  change: { from?: unknown; to?: unknown },
): { key: string; text: string }[] {
  const from = isRecord(change.from) ? change.from : {};
  const to = isRecord(change.to) ? change.to : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const shown = (definition: CategoryAttribute | undefined, value: unknown) => {
    if (value === null || value === undefined || value === '') return i18n.t('myListings.none');
    if (definition && ['string', 'number', 'boolean'].includes(typeof value)) {
      return shortened(attributeValueText(definition, value as string | number | boolean, { t: i18n.t, format }));
    }
    return valueText(i18n, format, places, 'attributes', value);
  };
  return keys
    .filter((key) => JSON.stringify(from[key] ?? null) !== JSON.stringify(to[key] ?? null))
    .map((key) => {
      const definition = attributeDefinition(places, key);
      return {
        key,
        text: i18n.t('myListings.change', {
          field: definition?.label ?? key,
          from: shown(definition, from[key]),
          to: shown(definition, to[key]),
        }),
      };
    });
}

type Changes = ListingEvent['changes'];
const PIN_FIELDS = new Set(['latitude', 'longitude']);

/** A map pin is two numbers: the history says what happened to it, not its coordinates. */
function pinChange(changes: Changes): 'placed' | 'moved' | 'removed' | undefined {
  const pin = changes.latitude ?? changes.longitude;
  if (!pin) return undefined;
  if (pin.from === null || pin.from === undefined) return 'placed';
  return pin.to === null || pin.to === undefined ? 'removed' : 'moved';
}

function ChangeList({
  changes,
  categoryId,
  pricePeriod,
}: {
  changes: Changes;
  categoryId: number | null;
  pricePeriod: PricePeriod | null;
}) {
  const i18n = useI18n();
  const format = useCatalogueFormat();
  const places: Places = { cities: useCities().data ?? [], categories: useCategories().data ?? [], categoryId };
  const { t } = i18n;
  const fields = Object.entries(changes).filter(([field]) => !PIN_FIELDS.has(field) && field !== 'attributes');
  const attributes = changes.attributes ? attributeChanges(i18n, format, places, changes.attributes) : [];
  const pin = pinChange(changes);
  // The period on each side: the change's own when it changed too, else the listing's now.
  const periodAt = (side: 'from' | 'to') => {
    const own = changes.price_period?.[side];
    return isPricePeriod(own) ? own : pricePeriod;
  };
  if (fields.length === 0 && attributes.length === 0 && !pin) return null;
  return (
    <ul className="small mb-0">
      {fields.map(([field, change]) => (
        <li key={field} dir="auto">
          {t('myListings.change', {
            field: fieldName(i18n, field),
            from: valueText(i18n, format, places, field, change.from, periodAt('from')),
            to: valueText(i18n, format, places, field, change.to, periodAt('to')),
          })}
        </li>
      ))}
      {attributes.map((line) => (
        <li key={`attributes.${line.key}`} dir="auto">
          {line.text}
        </li>
      ))}
      {pin && <li>{t('myListings.pinChange', { field: t(listingFields.location.label), change: pin })}</li>}
    </ul>
  );
}

/** Every event of a listing, newest first: who did it, when, and each field's old and new value. */
export function ListingTimeline({
  events,
  categoryId = null,
  pricePeriod = null,
}: {
  events: readonly ListingEvent[];
  /** The listing's category now, whose fields name its attributes' changes first. */
  categoryId?: number | null;
  /** A rent's period now, which its price changes read with where the change does not say. */
  pricePeriod?: PricePeriod | null;
}) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  if (events.length === 0) return <p>{t('myListings.noEvents')}</p>;
  return (
    <ol className="list-unstyled border-start ps-3">
      {events.map((event) => {
        const when = format.dateTime(event.created_at);
        return (
          <li key={event.id} className="mb-3">
            <p className="mb-1">
              <strong>{t('myListings.event', { type: event.type })}</strong>{' '}
              <span className="small text-body-secondary">
                {event.actor
                  ? richText(t, 'myListings.eventBy', {
                      name: (
                        <bdi dir="auto" data-user-content="">
                          {event.actor.name}
                        </bdi>
                      ),
                      when,
                    })
                  : t('myListings.eventByApp', { when })}
              </span>
            </p>
            <ChangeList changes={event.changes} categoryId={categoryId} pricePeriod={pricePeriod} />
          </li>
        );
      })}
    </ol>
  );
}
