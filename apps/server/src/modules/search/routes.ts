import {
  attributeFilter,
  effectiveSort,
  encodeMessage,
  message,
  postedWithinDays,
  readSearchParams,
  SEARCH_API,
  SEARCH_LIMITS,
  searchFacetsSchema,
  searchPageSchema,
  searchPlaceSchema,
  searchSuggestionsSchema,
  type Category,
  type FieldErrors,
  type NumberRange,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toCard } from '../catalogue/listing-cards';
import { PlacesRepository } from '../places/places-repository';
import { ValidationError, type ZodTypeProvider } from '../../plugins/validation';
import { PostgresSearch } from './postgres-search';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import type { ResolvedSearch, SearchEngine } from './search-engine';

const DAY_MS = 24 * 3600 * 1000;
const FILS_PER_AED = 100;

/** The query string exactly as sent: the one parser the page uses reads it (search-params.ts). */
const queryOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
};

const problem = (key: Parameters<typeof message>[0]) => encodeMessage(message(key));

/**
 * Search's JSON calls (issue 13): results, the counts beside each filter, and suggestions as the
 * user types. Every one reads only active listings; bad parameters are a 422 naming them.
 */
export function searchRoutes(app: FastifyInstance): Promise<void> {
  const engine: SearchEngine = new PostgresSearch(app.db);
  const { categories } = app.catalogue;
  const places = new PlacesRepository(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function resolve(request: FastifyRequest) {
    const { params, problems } = readSearchParams(queryOf(request));
    const errors: FieldErrors = {};
    for (const [field, found] of Object.entries(problems)) if (found) errors[field] = [encodeMessage(found)];
    let category: Category | undefined;
    if (params.category !== undefined) {
      category = await categories.findBySlug(params.category, request.locale);
      if (!category) errors.category = [problem('search.unknownCategory')];
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

  routes.get(SEARCH_API.results, { schema: { response: { 200: searchPageSchema } } }, async (request) => {
    const { params, search } = await resolve(request);
    const cursor = params.cursor === undefined ? undefined : decodeSearchCursor(params.cursor, search.sort);
    if (params.cursor !== undefined && !cursor)
      throw ValidationError.forField('cursor', problem('laravel.invalidValue'));
    const limit = params.limit ?? SEARCH_LIMITS.pageSizeDefault;
    const { rows, next, correctedText } = await engine.results(search, cursor, limit, request.locale);
    return {
      data: rows.map((row) => ({
        ...toCard(row),
        ...(search.near && {
          distance:
            row.distance_m == null ? null : { metres: row.distance_m, approximate: row.distance_approximate === true },
        }),
      })),
      next_cursor: next ? encodeSearchCursor(search.sort, next) : null,
      corrected_query: correctedText ?? null,
    };
  });

  routes.get(SEARCH_API.facets, { schema: { response: { 200: searchFacetsSchema } } }, async (request) => {
    const { search, category } = await resolve(request);
    const all = await categories.list(request.locale);
    const enumKeys = (category?.attributes ?? [])
      .filter((attribute) => attribute.filterable && attribute.type === 'enum')
      .map((attribute) => attribute.key);
    const { categoryCounts, ...facets } = await engine.facets(search, enumKeys, request.locale);
    const children = all.filter((candidate) => candidate.parent_id === (category?.id ?? null));
    const countUnder = async (id: number) =>
      (await categories.withDescendants(id)).reduce((sum, each) => sum + (categoryCounts.get(each) ?? 0), 0);
    return {
      data: {
        ...facets,
        categories: await Promise.all(
          children.map(async (child) => ({ slug: child.slug, name: child.name, count: await countUnder(child.id) })),
        ),
      },
    };
  });

  routes.get(SEARCH_API.suggestions, { schema: { response: { 200: searchSuggestionsSchema } } }, async (request) => {
    const { params } = await resolve(request);
    const text = params.q;
    if (text === undefined) throw ValidationError.forField('q', problem('search.suggestionsNeedText'));
    const all = await categories.list(request.locale);
    const lower = text.toLocaleLowerCase();
    const named = all
      .filter((category) => category.name.toLocaleLowerCase().includes(lower))
      .slice(0, 3)
      .map(({ slug, name }) => ({ slug, name }));
    const { titles, categoryCounts } = await engine.suggestions(text);
    const inCategories = categoryCounts.flatMap(([id, count]) => {
      const found = all.find((category) => category.id === id);
      return found ? [{ slug: found.slug, name: found.name, count }] : [];
    });
    return { data: { titles, categories: named, in_categories: inCategories } };
  });

  routes.get(SEARCH_API.place, { schema: { response: { 200: searchPlaceSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    const user = request.user;
    return { data: (user && (await places.homeCityCentre(user.id, request.locale))) ?? null };
  });

  return Promise.resolve();
}
