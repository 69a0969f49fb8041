import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A review's stars join its subject's running total (user_ratings, migration 0028), in the review's
 * own transaction: the total and the reviews never disagree, and a grid of cards reads each seller's
 * rating by key in its one query.
 */
export async function addToRating(trx: Kysely<Database>, subjectId: number, rating: number): Promise<void> {
  await trx
    .insertInto('user_ratings')
    .values({ user_id: subjectId, reviews: 1, stars: rating })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        reviews: sql<number>`user_ratings.reviews + 1`,
        stars: sql<number>`user_ratings.stars + excluded.stars`,
      }),
    )
    .execute();
}

/** The totals counted again from the reviews, for `userIds` (the demo seed, which writes reviews in bulk). */
export async function recountRatings(trx: Kysely<Database>, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql`insert into user_ratings (user_id, reviews, stars)
    select subject_id, count(*), sum(rating) from reviews where subject_id in (${sql.join(userIds)}) group by subject_id
    on conflict (user_id) do update set reviews = excluded.reviews, stars = excluded.stars`.execute(trx);
}
