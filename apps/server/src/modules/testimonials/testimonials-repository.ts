import type { AdminTestimonial, Testimonial } from '@marketplace/contracts/testimonials';
import type { Locale } from '@marketplace/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { TestimonialsTable } from '../../db/tables/testimonials';
import { avatarUrl } from '../media';

/** The testimonials' rows (migration 0030): read for the home page and the back-office, written by staff. */

type Db = Kysely<Database>;

const EDITED = ['quote', 'quote_ar', 'name', 'name_ar', 'city', 'city_ar', 'role', 'position', 'published'] as const;

/** What staff edit of a testimonial: the table's own columns, as they read. */
export type TestimonialValues = Pick<Selectable<TestimonialsTable>, (typeof EDITED)[number]>;

const ALL = ['id', ...EDITED, 'photo_key', 'updated_at'] as const;

/** The published ones in their order, in the reader's language. */
export async function readPublished(db: Db, locale: Locale): Promise<Testimonial[]> {
  const rows = await db
    .selectFrom('testimonials')
    .select(['id', 'quote', 'quote_ar', 'name', 'name_ar', 'city', 'city_ar', 'role', 'photo_key'])
    .where('published', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const arabic = locale === 'ar';
  return rows.map((row) => ({
    id: row.id,
    quote: arabic ? row.quote_ar : row.quote,
    name: arabic ? row.name_ar : row.name,
    city: arabic ? row.city_ar : row.city,
    role: row.role,
    photo: avatarUrl(row.photo_key),
  }));
}

type Row = Awaited<ReturnType<typeof readRows>>[number];
const toAdmin = ({ photo_key, updated_at, ...row }: Row): AdminTestimonial => ({
  ...row,
  photo: avatarUrl(photo_key),
  updated_at: updated_at.getTime(),
});

const readRows = (db: Db, id?: number) => {
  let query = db.selectFrom('testimonials').select(ALL).orderBy('position').orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
};

/** Every one, both languages, published or not, in their order. */
export const readAll = async (db: Db): Promise<AdminTestimonial[]> => (await readRows(db)).map(toAdmin);

export async function readOne(db: Db, id: number): Promise<AdminTestimonial | undefined> {
  const [row] = await readRows(db, id);
  return row && toAdmin(row);
}

export async function createTestimonial(db: Db, values: TestimonialValues): Promise<number> {
  const row = await db.insertInto('testimonials').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Its words, role, place and publishing before and after; undefined when there is none. */
export async function editTestimonial(db: Db, id: number, values: TestimonialValues) {
  const before = await db.selectFrom('testimonials').select(EDITED).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  const after = await db
    .updateTable('testimonials')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(EDITED)
    .executeTakeFirstOrThrow();
  return { before, after };
}

/** Sets (or clears) its photo's key; the key it had, or undefined when there is no such testimonial. */
export async function replacePhoto(db: Db, id: number, key: string | null) {
  const before = await db
    .selectFrom('testimonials')
    .select('photo_key')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('testimonials')
    .set({ photo_key: key, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  return { replaced: before.photo_key };
}

/**
 * Swaps a testimonial with its neighbour in the order (position, then id), rows locked: their
 * positions trade places, or, when the two share one, every position becomes its place (1, 2, …).
 * Undefined when there is no such testimonial; `edge` when it is already first (up) or last (down).
 */
export async function moveTestimonial(db: Db, id: number, direction: 'up' | 'down') {
  const rows = await db
    .selectFrom('testimonials')
    .select(['id', 'position'])
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  const index = rows.findIndex((row) => row.id === id);
  const moved = rows[index];
  if (!moved) return undefined;
  const other = rows[direction === 'up' ? index - 1 : index + 1];
  if (!other) return 'edge' as const;
  const positions = new Map(rows.map((row) => [row.id, row.position]));
  if (moved.position !== other.position) {
    positions.set(moved.id, other.position).set(other.id, moved.position);
  } else {
    const order = rows.map((row) => row.id);
    [order[index], order[rows.indexOf(other)]] = [other.id, moved.id];
    order.forEach((rowId, place) => positions.set(rowId, place + 1));
  }
  for (const row of rows) {
    const position = positions.get(row.id) ?? row.position;
    if (position === row.position) continue;
    await db
      .updateTable('testimonials')
      .set({ position, updated_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    before: { position: moved.position, neighbour: other.id, neighbour_position: other.position },
    after: { position: positions.get(moved.id), neighbour: other.id, neighbour_position: positions.get(other.id) },
  };
}
