import type {
  ListingCondition,
  Locale,
  NumberRange,
  PricePeriod,
  SearchFacets,
  SearchPlace,
  SearchSort,
  SearchSuggestions,
  SellerType,
} from '@marketplace/contracts';
import type { CardRow } from '../catalogue';

/**
 * A search with its names resolved against the catalogue: the category (and everything under it)
 * as ids, prices in fils, each field filter read for its field's type. What an engine is asked.
 */
export interface ResolvedSearch {
  text?: string;
  categoryIds?: readonly number[];
  /** The chosen category, whose sub-categories the facets count. */
  categoryId?: number;
  minPriceFils?: number;
  maxPriceFils?: number;
  /** Only rents whose price is for this period (`period=year`). */
  pricePeriod?: PricePeriod;
  /** The facets count per year and per month (a rent category's search). */
  countPeriods?: boolean;
  conditions?: readonly ListingCondition[];
  cityId?: number;
  neighborhoodIds?: readonly number[];
  sellerType?: SellerType;
  withPhotos?: boolean;
  /** Published at or after this time. */
  publishedSince?: Date;
  choices?: Readonly<Record<string, readonly string[]>>;
  ranges?: Readonly<Record<string, NumberRange>>;
  flags?: readonly string[];
  /** Where distances are measured from; `nearest` orders by them and always has one. */
  near?: SearchPlace;
  sort: SearchSort;
}

/** A result: its card, and with a place to measure from, how far it is. */
export type SearchRow = CardRow & {
  /** Metres along the earth to the listing's map point, or to its city's centre when it has none. */
  distance_m?: number | null;
  /** True when measured to the city's centre. */
  distance_approximate?: boolean | null;
};

/** Where a page of results starts: the sort key of the last result shown, and its id. */
export interface SearchCursor {
  /** The key as the engine wrote it: opaque to everyone else. */
  key: string;
  id: number;
}

export interface SearchResults {
  rows: SearchRow[];
  next: SearchCursor | undefined;
  /** The words searched for instead, when those typed found nothing and were corrected. */
  correctedText?: string;
}

/** The facets, with the categories by id (the routes name them in the reader's language). */
export type SearchFacetCounts = Omit<SearchFacets, 'categories'> & { categoryCounts: Map<number, number> };

/**
 * The one seam of search (docs/decisions/018-search.md): the routes ask this, and PostgreSQL
 * answers it today. A dedicated engine (OpenSearch, Meilisearch, Typesense) would implement the
 * same three calls, fed by the catalogue's changes, and be chosen by configuration.
 */
export interface SearchEngine {
  results(
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
  ): Promise<SearchResults>;
  /** Counts per filter value; each filter's own choice is left out of its counts. */
  facets(search: ResolvedSearch, enumKeys: readonly string[], locale: Locale): Promise<SearchFacetCounts>;
  suggestions(
    prefix: string,
  ): Promise<Omit<SearchSuggestions, 'categories' | 'in_categories'> & { categoryCounts: [number, number][] }>;
  /** Forgets the counts and suggestions kept for a few seconds: listings left search that they may still name. */
  forgetRecentAnswers(): void;
}
