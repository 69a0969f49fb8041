import type { Category, ListingCondition, SearchFacets } from '@marketplace/contracts';
import {
  attributeFilter,
  rangeText,
  tradeRules,
  type NumberRange,
  type PostedWithin,
  type SellerType,
} from '@marketplace/contracts/catalogue-essentials';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { SearchQuery } from './api/search';
import { Check, Choice, Count, PeriodFilter, PriceFilter, RangeFilter, Section } from './filter-controls';
import { CONDITION_NAMES, POSTED_NAMES, SELLER_TYPE_NAMES } from './filter-names';
import { patched, searchHref, type SearchState, type SearchPatch } from './search-state';

const CONDITIONS: readonly ListingCondition[] = ['new', 'like_new', 'good', 'fair', 'for_parts'];
const POSTED: readonly PostedWithin[] = ['1d', '7d', '30d'];
const SELLERS: readonly SellerType[] = ['individual', 'company'];

export interface SearchFiltersProps {
  query: SearchQuery;
  change: (patch: SearchPatch) => void;
  facets: SearchFacets | undefined;
  categories: readonly Category[];
  category: Category | undefined;
  /** Where another category's search is (useSearchState's `href`): /search's, or a category page's. */
  href?: SearchState['href'];
}

/** The city's neighborhoods with their counts, and any chosen that the counts do not hold (0). */
function neighborhoodChoices(facets: SearchFacets | undefined, query: SearchQuery) {
  const counted = facets?.neighborhoods ?? [];
  const missing = (query.neighborhoods ?? [])
    .filter((id) => !counted.some((item) => item.id === id))
    .map((id) => ({ id, name: String(id), count: 0 }));
  return [...counted, ...missing];
}

/** advanced-product-search: every filter, each value with how many listings it would leave. */
export function SearchFilters({ query, change, facets, categories, category, href = searchHref }: SearchFiltersProps) {
  const { t } = useI18n();
  const count = (value: number | undefined) => (value === undefined ? null : <Count value={value} />);
  const conditionCount = (value: string) => facets?.conditions.find((item) => item.value === value)?.count ?? 0;
  const sellerCount = (value: string) => facets?.seller_types.find((item) => item.value === value)?.count ?? 0;
  const parent = category?.parent_id ? categories.find((candidate) => candidate.id === category.parent_id) : undefined;
  const fields = category?.attributes.filter((attribute) => attribute.filterable) ?? [];
  // A rent's price is per a period and it has no condition (issue 32).
  const trade = tradeRules(category?.trade_kind);

  return (
    <>
      <Section title={t('search.category')}>
        <ul className="search-filter-links">
          {category && (
            <li>
              <Link to={href(patched(query, { category: parent?.slug }))}>
                {parent ? parent.name : t('search.allCategories')}
              </Link>
            </li>
          )}
          {category && (
            <li aria-current="true" className="fw-semibold">
              {category.name}
            </li>
          )}
          {facets?.categories
            .filter((item) => item.count > 0)
            .map((item) => (
              <li key={item.slug} className={category ? 'ms-3' : undefined}>
                <Link to={href(patched(query, { category: item.slug }))}>{item.name}</Link> {count(item.count)}
              </li>
            ))}
        </ul>
      </Section>

      {trade.pricePeriod && <PeriodFilter query={query} change={change} counts={facets?.periods} />}
      <PriceFilter query={query} change={change} rent={trade.pricePeriod} />

      {trade.condition && (
        <Section title={t('search.condition')}>
          {CONDITIONS.map((value) => (
            <Check
              key={value}
              label={t(CONDITION_NAMES[value])}
              checked={query.condition?.includes(value) ?? false}
              count={facets ? conditionCount(value) : undefined}
              onChange={(checked) =>
                change({
                  condition: checked
                    ? [...(query.condition ?? []), value]
                    : query.condition?.filter((chosen) => chosen !== value),
                })
              }
            />
          ))}
        </Section>
      )}

      <Section title={t('search.city')}>
        <Choice
          name="city"
          options={[
            { value: '', label: t('search.anyCity') },
            ...(facets?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name, count: city.count })),
          ]}
          value={query.city === undefined ? '' : String(query.city)}
          onChange={(value) => change({ city: value ? Number(value) : undefined, neighborhoods: undefined })}
        />
      </Section>

      {query.city !== undefined && (facets?.neighborhoods.length || query.neighborhoods?.length) ? (
        <Section title={t('field.neighborhoods')}>
          {neighborhoodChoices(facets, query).map(({ id, name, count: found }) => (
            <Check
              key={id}
              label={name}
              checked={query.neighborhoods?.includes(id) ?? false}
              count={facets ? found : undefined}
              onChange={(checked) => {
                const rest = query.neighborhoods?.filter((chosen) => chosen !== id) ?? [];
                change({ neighborhoods: checked ? [...rest, id] : rest.length > 0 ? rest : undefined });
              }}
            />
          ))}
        </Section>
      ) : null}

      <Section title={t('search.sellerType')}>
        <Choice
          name="seller_type"
          options={[
            { value: '', label: t('search.anySeller') },
            ...SELLERS.map((value) => ({
              value,
              label: t(SELLER_TYPE_NAMES[value]),
              ...(facets && { count: sellerCount(value) }),
            })),
          ]}
          value={query.seller_type ?? ''}
          onChange={(value) => change({ seller_type: (value || undefined) as SellerType | undefined })}
        />
      </Section>

      <Section title={t('search.posted')}>
        <Choice
          name="posted"
          options={[
            { value: '', label: t('search.posted.any') },
            ...POSTED.map((value) => ({ value, label: t(POSTED_NAMES[value]) })),
          ]}
          value={query.posted ?? ''}
          onChange={(value) => change({ posted: (value || undefined) as PostedWithin | undefined })}
        />
        <Check
          label={t('search.photos')}
          checked={query.photos ?? false}
          onChange={(checked) => change({ photos: checked ? true : undefined })}
        />
      </Section>

      {fields.map((field) => {
        const chosen = query.attributes?.[field.key];
        const setAttribute = (text: string | undefined) => {
          const others = Object.entries(query.attributes ?? {}).filter(([key]) => key !== field.key);
          change({ attributes: Object.fromEntries(text ? [...others, [field.key, text]] : others) });
        };
        if (field.type === 'enum') {
          const values = chosen ? ((attributeFilter(chosen, 'enum') as string[] | undefined) ?? []) : [];
          const counts = facets?.attributes.find((item) => item.key === field.key)?.values;
          return (
            <Section key={field.key} title={field.label}>
              {field.options.map((option) => (
                <Check
                  key={option.value}
                  label={option.label}
                  checked={values.includes(option.value)}
                  count={counts ? (counts.find((item) => item.value === option.value)?.count ?? 0) : undefined}
                  onChange={(checked) =>
                    setAttribute(
                      (checked ? [...values, option.value] : values.filter((value) => value !== option.value)).join(
                        ',',
                      ),
                    )
                  }
                />
              ))}
            </Section>
          );
        }
        if (field.type === 'number') {
          const bounds = chosen ? (attributeFilter(chosen, 'number') as NumberRange | undefined) : undefined;
          return (
            <RangeFilter
              key={`${field.key}:${chosen ?? ''}`}
              title={field.unit ? `${field.label} (${field.unit})` : field.label}
              bounds={bounds}
              onApply={(next) => setAttribute(next ? rangeText(next) : undefined)}
            />
          );
        }
        if (field.type === 'boolean') {
          return (
            <Section key={field.key} title={field.label}>
              <Check
                label={t('search.yes')}
                checked={chosen === '1'}
                onChange={(checked) => setAttribute(checked ? '1' : undefined)}
              />
            </Section>
          );
        }
        return null;
      })}
    </>
  );
}
