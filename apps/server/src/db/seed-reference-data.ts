import { DEFAULT_LOCATION_CODE } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { UAE_CITIES } from './seed-uae-places';

/**
 * Cities and neighborhoods, at every start whatever SEED_DEMO says: adds what is missing and never
 * removes or renames a row, so it is safe on a live database and when two processes start at once.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cities')
      .values(UAE_CITIES.map((city) => ({ name: city.name, country_code: DEFAULT_LOCATION_CODE })))
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const cities = await trx
      .selectFrom('cities')
      .select(['id', 'name'])
      .where(
        'name',
        'in',
        UAE_CITIES.map((city) => city.name),
      )
      .execute();
    const cityIds = new Map(cities.map((city) => [city.name, city.id]));
    const neighborhoods = UAE_CITIES.flatMap((city) => {
      const cityId = cityIds.get(city.name);
      if (cityId === undefined) throw new Error(`City ${city.name} was not seeded`);
      return city.neighborhoods.map((name) => ({ city_id: cityId, name }));
    });
    await trx
      .insertInto('neighborhoods')
      .values(neighborhoods)
      .onConflict((conflict) => conflict.columns(['city_id', 'name']).doNothing())
      .execute();
  });
}
