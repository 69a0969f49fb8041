import { sql, type Kysely } from 'kysely';

/**
 * Row triggers do not fire on TRUNCATE: emptying a table the caches read (migration 0032) tells
 * every process to drop everything (`all`), so not even a bulk clean-up leaves a session in memory.
 */
const TABLES = ['sessions', 'users', 'companies', 'addresses', 'user_neighborhoods'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`${table}_cache_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function cache_invalidation_notify()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_cache_truncate`)} on ${sql.table(table)}`.execute(db);
  }
}
