import type { ColumnType, Generated } from 'kysely';

export interface CitiesTable {
  id: Generated<number>;
  name: string;
  /** The Arabic name; null for a row seeded before it had one. */
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 3166-1 alpha-2: the profile's location_code. */
  country_code: Generated<string>;
  /** The city's centre in degrees (migration 0009): where a listing without a map point is, for search. */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface NeighborhoodsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
}
