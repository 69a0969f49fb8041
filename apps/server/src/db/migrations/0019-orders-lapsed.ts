import { sql, type Kysely } from 'kysely';

/**
 * Requests that lost the race (docs/decisions/028-orders-that-lost-the-race.md): an order may end
 * `lapsed` when what is left of its listing can no longer fill it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('requested', 'accepted',
    'declined', 'withdrawn', 'expired', 'lapsed', 'handed_over', 'received', 'completed', 'cancelled',
    'disputed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Before this migration a lapsed request could only have been declined: that is the nearest end.
  await sql`update orders set status = 'declined' where status = 'lapsed'`.execute(db);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('requested', 'accepted',
    'declined', 'withdrawn', 'expired', 'handed_over', 'received', 'completed', 'cancelled', 'disputed'))`.execute(db);
}
