import { z } from 'zod/mini';
import { listingCardSchema } from '../catalogue/listings';

export { SEARCH_API } from './search-api';

/** GET /api/search: a page of active listings for the search, and the cursor of the next one. */
export const searchPageSchema = z.object({
  data: z.array(listingCardSchema),
  next_cursor: z.nullable(z.string()),
  /** The words searched for instead, when those typed found nothing: "iphnoe" → "iphone". */
  corrected_query: z.nullable(z.string()),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

const count = z.object({ value: z.string(), count: z.int() });

/**
 * GET /api/search/facets: how many listings each filter value would leave, for the search as it is
 * (each filter's counts leave its own choice out, so choosing another value of it never reads 0).
 */
export const searchFacetsSchema = z.object({
  data: z.object({
    total: z.int(),
    /**
     * True when the counts were scaled up from a sample (a search that matches very many listings),
     * and are rounded to two significant figures.
     */
    approximate: z.boolean(),
    /** The chosen category's sub-categories, or the top of the tree: where the results are. */
    categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.int() })),
    conditions: z.array(count),
    cities: z.array(z.object({ id: z.int(), name: z.string(), count: z.int() })),
    /** The chosen city's neighborhoods (none without a city). */
    neighborhoods: z.array(z.object({ id: z.int(), name: z.string(), count: z.int() })),
    seller_types: z.array(count),
    /** The chosen category's filterable choices, by field key. */
    attributes: z.array(z.object({ key: z.string(), values: z.array(count) })),
    /**
     * A rent category's periods (`year`, `month`; none elsewhere), each as choosing it would find:
     * choosing the other period takes the price bounds away.
     */
    periods: z.array(count),
  }),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>['data'];

/** GET /api/search/suggestions?q=: what the header's search box offers as the user types. */
export const searchSuggestionsSchema = z.object({
  data: z.object({
    /** Titles of active listings that match what was typed, best first. */
    titles: z.array(z.string()),
    /** Categories whose name matches. */
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    /** "iphone in Mobile phones": the categories most results of the words are in. */
    in_categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.int() })),
  }),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>['data'];

/**
 * GET /api/search/place: where the signed-in user's distances can be measured from without asking
 * the browser, the centre of their profile's city; null when signed out or without a city.
 */
export const searchPlaceSchema = z.object({
  data: z.nullable(z.object({ city: z.string(), latitude: z.number(), longitude: z.number() })),
});
export type SearchHomePlace = NonNullable<z.infer<typeof searchPlaceSchema>['data']>;
