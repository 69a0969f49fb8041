import type { City } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema';

const MAX_INTEGER = 2_147_483_647;
const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER;

export interface CityChoice {
  /** False when no city has this id. */
  cityExists: boolean;
  /** Of the ids asked about, how many are neighborhoods of that city. */
  matchingNeighborhoods: number;
}

/** Cities and their neighborhoods: reference data, seeded at start-up (db/seed-reference-data.ts). */
export class PlacesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every city with its neighborhoods, both by name. */
  async listCities(): Promise<City[]> {
    return this.db
      .selectFrom('cities')
      .select((eb) => [
        'cities.id',
        'cities.name',
        jsonArrayFrom(
          eb
            .selectFrom('neighborhoods')
            .select(['neighborhoods.id', 'neighborhoods.name'])
            .whereRef('neighborhoods.city_id', '=', 'cities.id')
            .orderBy('neighborhoods.name'),
        ).as('neighborhoods'),
      ])
      .orderBy('cities.name')
      .execute();
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
