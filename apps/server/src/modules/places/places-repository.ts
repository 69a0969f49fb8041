import { INTL_LOCALES, type City, type Locale } from '@marketplace/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema';

const MAX_INTEGER = 2_147_483_647;
const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER;

/**
 * A place's name in `locale`: the Arabic one where it has one, else the English one (a row seeded
 * before it had a translation). `table` is a table or alias with name and name_ar.
 */
export function placeName(table: 'cities' | 'neighborhoods', locale: Locale): RawBuilder<string> {
  if (locale === 'en') return sql<string>`${sql.ref(`${table}.name`)}`;
  return sql<string>`coalesce(${sql.ref(`${table}.name_ar`)}, ${sql.ref(`${table}.name`)})`;
}

/** One collator per language: making one costs more than sorting a profile's few names (issue 34). */
const collators = new Map<Locale, Intl.Collator>();

/** Sorts by name as a reader of `locale` expects: the same on every database engine and collation. */
export function byName<T extends { name: string }>(list: T[], locale: Locale): T[] {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(INTL_LOCALES[locale]);
    collators.set(locale, collator);
  }
  return list.sort((a, b) => collator.compare(a.name, b.name));
}

export interface CityChoice {
  /** False when no city has this id. */
  cityExists: boolean;
  /** Of the ids asked about, how many are neighborhoods of that city. */
  matchingNeighborhoods: number;
}

/** Cities and their neighborhoods: reference data, seeded at start-up (db/seed-reference-data.ts). */
export class PlacesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every city with its neighborhoods, named and ordered in `locale`. */
  async listCities(locale: Locale): Promise<City[]> {
    const cities = await this.db
      .selectFrom('cities')
      .select((eb) => [
        'cities.id',
        placeName('cities', locale).as('name'),
        jsonArrayFrom(
          eb
            .selectFrom('neighborhoods')
            .select(['neighborhoods.id', placeName('neighborhoods', locale).as('name')])
            .whereRef('neighborhoods.city_id', '=', 'cities.id'),
        ).as('neighborhoods'),
      ])
      .execute();
    return byName(cities, locale).map((city) => ({ ...city, neighborhoods: byName(city.neighborhoods, locale) }));
  }

  /** The centre of the user's profile city, named in `locale`; undefined without a city, or a city without a centre. */
  async homeCityCentre(
    userId: number,
    locale: Locale,
  ): Promise<{ city: string; latitude: number; longitude: number } | undefined> {
    const row = await this.db
      .selectFrom('addresses')
      .innerJoin('cities', 'cities.id', 'addresses.city_id')
      .select([placeName('cities', locale).as('city'), 'cities.latitude', 'cities.longitude'])
      .where('addresses.user_id', '=', userId)
      .executeTakeFirst();
    if (row?.latitude == null || row.longitude == null) return undefined;
    return { city: row.city, latitude: row.latitude, longitude: row.longitude };
  }

  /** Whether the city exists and how many of `neighborhoodIds` lie in it, in one round trip. */
  async checkChoice(cityId: number, neighborhoodIds: readonly number[]): Promise<CityChoice> {
    // An id outside PostgreSQL's integer range names no row; sent as a parameter it would be an error.
    if (!isRowId(cityId)) return { cityExists: false, matchingNeighborhoods: 0 };
    const candidates = neighborhoodIds.filter(isRowId);
    const row = await this.db
      .selectFrom('cities')
      .select('cities.id')
      .$if(candidates.length > 0, (query) =>
        query.select((eb) =>
          eb
            .selectFrom('neighborhoods')
            .select(eb.fn.countAll<number>().as('count'))
            .whereRef('neighborhoods.city_id', '=', 'cities.id')
            .where('neighborhoods.id', 'in', candidates)
            .as('matching'),
        ),
      )
      .where('cities.id', '=', cityId)
      .executeTakeFirst();
    return { cityExists: row !== undefined, matchingNeighborhoods: row?.matching ?? 0 };
  }
}
