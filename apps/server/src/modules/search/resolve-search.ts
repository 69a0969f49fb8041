import {
  attributeFilter,
  effectiveSort,
  encodeMessage,
  message,
  postedWithinDays,
  readSearchParams,
  tradeRules,
  type Category,
  type FieldErrors,
  type Locale,
  type NumberRange,
  type SearchParams,
} from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../plugins/validation';
import type { ResolvedSearch } from './search-engine';

const DAY_MS = 24 * 3600 * 1000;
const FILS_PER_AED = 100;

export const problem = (key: Parameters<typeof message>[0]) => encodeMessage(message(key));

/** The catalogue's categories, which a search's names are resolved against. */
export type SearchCategories = FastifyInstance['catalogue']['categories'];

export interface SearchRequest {
  params: SearchParams;
  search: ResolvedSearch;
  /** The chosen category, when the search names one. */
  category: Category | undefined;
}

/**
 * A query string of search (the results page's, or a saved search's) read by the one parser the
 * page uses (search-params.ts), its names resolved against the catalogue in `locale`: what the
 * engine is asked. Bad parameters are a ValidationError naming them (the routes' 422).
 */
export async function resolveSearch(
  categories: SearchCategories,
  query: string,
  locale: Locale,
): Promise<SearchRequest> {
  const { params, problems } = readSearchParams(query);
  const errors: FieldErrors = {};
  for (const [field, found] of Object.entries(problems)) if (found) errors[field] = [encodeMessage(found)];
  let category: Category | undefined;
  if (params.category !== undefined) {
    category = await categories.findBySlug(params.category, locale);
    if (!category) errors.category = [problem('search.unknownCategory')];
    // A rent's price is per year or per month and the two are never compared (decision 045): a bound
    // without its period is refused rather than matched against both.
    else if (
      tradeRules(category.trade_kind).pricePeriod &&
      (params.min_price !== undefined || params.max_price !== undefined) &&
      params.period === undefined
    ) {
      errors.period = [problem('search.priceNeedsPeriod')];
    }
  }
  const choices: Record<string, string[]> = {};
  const ranges: Record<string, NumberRange> = {};
  const flags: string[] = [];
  for (const [key, text] of Object.entries(params.attributes ?? {})) {
    const field = category?.attributes.find((attribute) => attribute.key === key && attribute.filterable);
    const filter = field ? attributeFilter(text, field.type) : undefined;
    const known = field?.options.map((option) => option.value);
    if (filter === undefined || (Array.isArray(filter) && !filter.every((value) => known?.includes(value)))) {
      errors[`a.${key}`] = [problem('search.attributeInvalid')];
    } else if (filter === true) flags.push(key);
    else if (Array.isArray(filter)) choices[key] = filter;
    else ranges[key] = filter;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const sort = effectiveSort(params);
  const search: ResolvedSearch = {
    sort,
    ...(params.q !== undefined && { text: params.q }),
    ...(category && { categoryId: category.id, categoryIds: await categories.withDescendants(category.id) }),
    ...(params.min_price !== undefined && { minPriceFils: params.min_price * FILS_PER_AED }),
    ...(params.max_price !== undefined && { maxPriceFils: params.max_price * FILS_PER_AED }),
    ...(params.period && { pricePeriod: params.period }),
    ...(category && tradeRules(category.trade_kind).pricePeriod && { countPeriods: true }),
    ...(params.condition && { conditions: params.condition }),
    ...(params.city !== undefined && { cityId: params.city }),
    ...(params.neighborhoods && { neighborhoodIds: params.neighborhoods }),
    ...(params.seller_type && { sellerType: params.seller_type }),
    ...(params.photos && { withPhotos: true }),
    ...(params.posted && { publishedSince: new Date(Date.now() - postedWithinDays[params.posted] * DAY_MS) }),
    ...(Object.keys(choices).length > 0 && { choices }),
    ...(Object.keys(ranges).length > 0 && { ranges }),
    ...(flags.length > 0 && { flags }),
    ...(params.near && { near: params.near }),
  };
  return { params, search, category };
}
