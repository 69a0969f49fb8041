import type { Category, SearchFacets } from '@marketplace/contracts';
import { attributeFilter, PRICE_PERIOD_NAMES, type NumberRange } from '@marketplace/contracts/catalogue-essentials';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCatalogueFormat } from '../../lib/format';
import type { SearchQuery } from './api/search';
import { CONDITION_NAMES, POSTED_NAMES, SELLER_TYPE_NAMES } from './filter-names';
import type { SearchPatch } from './search-state';

export interface Chip {
  key: string;
  label: string;
  /** What taking it away changes. */
  patch: SearchPatch;
  /** How many listings there would be without it, when the counts say so. */
  without?: number | undefined;
}

const sum = (items: readonly { count: number }[] | undefined) => items?.reduce((total, item) => total + item.count, 0);

/** Each filter the search has, named as a person reads it, with what removing it does. */
export function useSearchChips(query: SearchQuery, category: Category | undefined, facets: SearchFacets | undefined) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const named = (name: string, value: string) => t('search.filterValue', { name, value });
  /** A range in the field's own terms: dirhams as a price, a year as 2022, a measure with its unit. */
  const bounds = ({ min, max }: NumberRange, show: (value: number) => string) => {
    if (min !== undefined && max !== undefined) return t('search.range', { from: show(min), to: show(max) });
    return min !== undefined ? t('search.from', { value: show(min) }) : t('search.upTo', { value: show(max ?? 0) });
  };
  const chips: Chip[] = [];
  if (query.q) chips.push({ key: 'q', label: named(t('search.word'), query.q), patch: { q: undefined } });
  if (category) chips.push({ key: 'category', label: category.name, patch: { category: undefined } });
  if (query.min_price !== undefined || query.max_price !== undefined) {
    chips.push({
      key: 'price',
      label: named(
        t('search.price'),
        bounds(
          {
            ...(query.min_price !== undefined && { min: query.min_price }),
            ...(query.max_price !== undefined && { max: query.max_price }),
          },
          // A rent's bounds are per its period: "up to AED 50,000 / year" (issue 32).
          (value) => format.price(value * 100, query.period),
        ),
      ),
      patch: { min_price: undefined, max_price: undefined },
    });
  } else if (query.period) {
    // With a price the price's chip says the period; without one it is a chip of its own.
    chips.push({
      key: 'period',
      label: named(t('listing.field.pricePeriod'), t(PRICE_PERIOD_NAMES[query.period])),
      patch: { period: undefined },
    });
  }
  for (const value of query.condition ?? []) {
    const rest = query.condition?.filter((chosen) => chosen !== value);
    chips.push({
      key: `condition:${value}`,
      label: named(t('search.condition'), t(CONDITION_NAMES[value])),
      patch: { condition: rest },
      without: rest?.length === 0 ? sum(facets?.conditions) : undefined,
    });
  }
  if (query.city !== undefined) {
    const city = facets?.cities.find((item) => item.id === query.city);
    chips.push({
      key: 'city',
      label: named(t('search.city'), city?.name ?? String(query.city)),
      patch: { city: undefined, neighborhoods: undefined },
      without: sum(facets?.cities),
    });
  }
  for (const id of query.neighborhoods ?? []) {
    const rest = query.neighborhoods?.filter((chosen) => chosen !== id);
    const neighborhood = facets?.neighborhoods.find((item) => item.id === id);
    chips.push({
      key: `neighborhood:${id}`,
      label: named(t('listing.field.neighborhood'), neighborhood?.name ?? String(id)),
      patch: { neighborhoods: rest?.length ? rest : undefined },
      without: rest?.length === 0 ? sum(facets?.neighborhoods) : undefined,
    });
  }
  if (query.seller_type) {
    chips.push({
      key: 'seller_type',
      label: named(t('search.sellerType'), t(SELLER_TYPE_NAMES[query.seller_type])),
      patch: { seller_type: undefined },
      without: sum(facets?.seller_types),
    });
  }
  if (query.posted) {
    chips.push({
      key: 'posted',
      label: named(t('search.posted'), t(POSTED_NAMES[query.posted])),
      patch: { posted: undefined },
    });
  }
  if (query.photos) chips.push({ key: 'photos', label: t('search.photos'), patch: { photos: undefined } });
  for (const [key, text] of Object.entries(query.attributes ?? {})) {
    const field = category?.attributes.find((attribute) => attribute.key === key);
    if (!field) continue;
    const others = Object.fromEntries(Object.entries(query.attributes ?? {}).filter(([name]) => name !== key));
    const patch: SearchPatch = { attributes: others };
    const filter = attributeFilter(text, field.type);
    let value: string | undefined;
    if (Array.isArray(filter))
      value = filter.map((item) => field.options.find((option) => option.value === item)?.label ?? item).join(', ');
    else if (filter === true) value = t('search.yes');
    else if (filter) value = bounds(filter, (bound) => format.attributeNumber(bound, field));
    if (value === undefined) continue;
    const counts = facets?.attributes.find((item) => item.key === key)?.values;
    chips.push({
      key: `a.${key}`,
      label: named(field.label, value),
      patch,
      without: Array.isArray(filter) ? sum(counts) : undefined,
    });
  }
  return chips;
}
