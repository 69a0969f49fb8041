import { DEFAULT_LOCATION_CODE } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database, StoredCategoryAttribute } from './schema';
import { seedHelpCentre } from './seed-help-centre';
import { CATEGORY_TREE, type SeedCategory } from './seed-categories';
import { UAE_CITIES } from './seed-uae-places';

/**
 * Cities and neighborhoods, the category tree, and the help centre's first words, at every start whatever SEED_DEMO says: adds what is missing and never
 * removes or renames a row (the English name is its identity), so it is safe on a live database and
 * when two processes start at once. Arabic names follow the seed.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cities')
      .values(
        UAE_CITIES.map(({ name: [name, nameAr], centre: [latitude, longitude] }) => ({
          name,
          name_ar: nameAr,
          country_code: DEFAULT_LOCATION_CODE,
          latitude,
          longitude,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({
            name_ar: (eb) => eb.ref('excluded.name_ar'),
            latitude: (eb) => eb.ref('excluded.latitude'),
            longitude: (eb) => eb.ref('excluded.longitude'),
          })
          // Written only when it differs, so a start with nothing new writes nothing. A centre that
          // moves moves the listings placed at it too (migration 0009's trigger).
          .where(
            sql<boolean>`(excluded.name_ar, excluded.latitude, excluded.longitude)
              is distinct from (cities.name_ar, cities.latitude, cities.longitude)`,
          ),
      )
      .execute();
    const cities = await trx
      .selectFrom('cities')
      .select(['id', 'name'])
      .where(
        'name',
        'in',
        UAE_CITIES.map((city) => city.name[0]),
      )
      .execute();
    const cityIds = new Map(cities.map((city) => [city.name, city.id]));
    const neighborhoods = UAE_CITIES.flatMap((city) => {
      const cityId = cityIds.get(city.name[0]);
      if (cityId === undefined) throw new Error(`City ${city.name[0]} was not seeded`);
      return city.neighborhoods.map(([name, nameAr]) => ({ city_id: cityId, name, name_ar: nameAr }));
    });
    await trx
      .insertInto('neighborhoods')
      .values(neighborhoods)
      .onConflict((conflict) =>
        conflict
          .columns(['city_id', 'name'])
          .doUpdateSet({ name_ar: (eb) => eb.ref('excluded.name_ar') })
          .where(sql<boolean>`excluded.name_ar is distinct from neighborhoods.name_ar`),
      )
      .execute();

    await seedCategories(trx, CATEGORY_TREE, null);
    await seedHelpCentre(trx);
  });
}

/**
 * Each category by its slug: added when missing, its names, place and fields kept as the seed says.
 * One staff edited in the back-office (edited_at) keeps their names, place, labels and trade kind: the seed
 * brings only its drawing and its fields as such (keys, types, options, bounds), with their labels.
 */
async function seedCategories(db: Kysely<Database>, list: readonly SeedCategory[], parentId: number | null) {
  for (const [position, category] of list.entries()) {
    const edited = await db
      .selectFrom('categories')
      .select(['id', 'attributes'])
      .where('slug', '=', category.slug)
      .where('edited_at', 'is not', null)
      .executeTakeFirst();
    if (edited) {
      const attributes = JSON.stringify(keepLabels(category.attributes ?? [], edited.attributes));
      await db
        .updateTable('categories')
        .set({ icon: category.icon, attributes })
        .where('id', '=', edited.id)
        .where(sql<boolean>`(icon, attributes) is distinct from (${category.icon}::varchar, ${attributes}::jsonb)`)
        .execute();
      if (category.children) await seedCategories(db, category.children, edited.id);
      continue;
    }
    const values = {
      parent_id: parentId,
      slug: category.slug,
      name: category.name,
      name_ar: category.name_ar,
      icon: category.icon,
      position,
      attributes: JSON.stringify(category.attributes ?? []),
      trade_kind: category.trade_kind ?? 'items',
    };
    const row = await db
      .insertInto('categories')
      .values(values)
      .onConflict((conflict) =>
        conflict
          .column('slug')
          .doUpdateSet({
            parent_id: (eb) => eb.ref('excluded.parent_id'),
            name: (eb) => eb.ref('excluded.name'),
            name_ar: (eb) => eb.ref('excluded.name_ar'),
            icon: (eb) => eb.ref('excluded.icon'),
            position: (eb) => eb.ref('excluded.position'),
            attributes: (eb) => eb.ref('excluded.attributes'),
            trade_kind: (eb) => eb.ref('excluded.trade_kind'),
          })
          .where(
            sql<boolean>`(excluded.parent_id, excluded.name, excluded.name_ar, excluded.icon, excluded.position, excluded.attributes, excluded.trade_kind)
              is distinct from (categories.parent_id, categories.name, categories.name_ar, categories.icon, categories.position, categories.attributes, categories.trade_kind)`,
          )
          .where('categories.edited_at', 'is', null),
      )
      .returning('id')
      .executeTakeFirst();
    const id =
      row?.id ??
      (await db.selectFrom('categories').select('id').where('slug', '=', category.slug).executeTakeFirstOrThrow()).id;
    if (category.children) await seedCategories(db, category.children, id);
  }
}

/** The seed's fields, each with the labels (its own and its options') staff gave it, where they did. */
function keepLabels(
  seeded: readonly StoredCategoryAttribute[],
  stored: readonly StoredCategoryAttribute[],
): StoredCategoryAttribute[] {
  const byKey = new Map(stored.map((attribute) => [attribute.key, attribute]));
  return seeded.map((attribute) => {
    const kept = byKey.get(attribute.key);
    if (!kept) return attribute;
    const options = attribute.options?.map((option) => {
      const keptOption = kept.options?.find((candidate) => candidate.value === option.value);
      return keptOption ? { ...option, label: keptOption.label, label_ar: keptOption.label_ar } : option;
    });
    return { ...attribute, label: kept.label, label_ar: kept.label_ar, ...(options && { options }) };
  });
}
