import { sql, type RawBuilder } from 'kysely';
import type { ResolvedSearch, SearchRow } from '../search-engine';

/** The earth's mean radius (IUGG), in metres: distances are along a sphere of it, within 0.5% of the ellipsoid's. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** The search's place on the unit sphere, as listings' place_point are (migration 0009). */
const origin = ({ near }: ResolvedSearch) => {
  if (!near) throw new Error('A search by distance needs its place.');
  return sql`sphere_point(${near.latitude}::float8, ${near.longitude}::float8)`;
};

/**
 * The straight-line distance through the sphere (the chord), which the GiST index orders by
 * (`<->`, KNN): it grows with the distance along the surface, so the order is the great-circle one.
 */
export const chord = (search: ResolvedSearch) => sql<number>`(listings.place_point <-> ${origin(search)})`;

/** The sort key of a result, and how pages follow each other in that order (relevance: see find-results.ts). */
export function sortKey(search: ResolvedSearch): {
  key: RawBuilder<number | string | Date>;
  direction: 'asc' | 'desc';
  type: string;
} {
  switch (search.sort) {
    case 'price_asc':
      return { key: sql<number>`listings.price_fils`, direction: 'asc', type: 'bigint' };
    case 'price_desc':
      return { key: sql<number>`listings.price_fils`, direction: 'desc', type: 'bigint' };
    case 'relevance':
    case 'newest':
      return { key: sql<string>`listings.published_at`, direction: 'desc', type: 'timestamptz' };
    case 'nearest':
      return { key: chord(search), direction: 'asc', type: 'float8' };
  }
}

/** A result as a page query reads it: with its sort key as PostgreSQL writes it, for the cursor. */
export type SortedRow = SearchRow & { sort_key: string | null };
