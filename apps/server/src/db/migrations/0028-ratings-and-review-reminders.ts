import { sql, type Kysely } from 'kysely';

/**
 * Trust (issue 32): each user's rating kept as a running total, so a grid of cards reads its sellers'
 * stars by key in the same query instead of averaging their reviews once per card; written in the
 * review's own transaction (modules/orders/review-order.ts) and filled here from the reviews already
 * written. And the buyer's one reminder to review before the window closes: the order's row is
 * marked when it is sent, by a statement that only marks an unmarked row, so two processes send it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_ratings (
    user_id integer primary key references users (id) on delete cascade,
    reviews integer not null default 0 check (reviews >= 0),
    stars integer not null default 0 check (stars between reviews and reviews * 5)
  )`.execute(db);
  await sql`insert into user_ratings (user_id, reviews, stars)
    select subject_id, count(*), sum(rating) from reviews group by subject_id`.execute(db);

  await sql`alter table orders add column review_reminded_at timestamptz`.execute(db);
  // Orders completed whose buyer has not been reminded yet: what the order clock looks at.
  await sql`create index orders_review_reminders on orders (completed_at)
    where status = 'completed' and review_reminded_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_review_reminders`.execute(db);
  await sql`alter table orders drop column review_reminded_at`.execute(db);
  await sql`drop table user_ratings`.execute(db);
}
