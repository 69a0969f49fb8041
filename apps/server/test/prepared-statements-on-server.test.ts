import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { preparingPool } from '../src/db/prepared-statements';
import { createEmptyTestDatabase } from './test-app';

const database = await createEmptyTestDatabase();
afterAll(() => database.drop());

describe('prepared statements on PostgreSQL', () => {
  it('parses a statement once per connection and answers each run with its own values', async () => {
    const server = new pg.Pool({ connectionString: database.url, max: 1 });
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: preparingPool(server) }) });
    try {
      const answers = [];
      for (const value of [1, 2, 3])
        answers.push((await sql<{ n: number }>`select ${value}::int as n`.execute(db)).rows);
      expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      const { rows } = await sql<{
        name: string;
      }>`select name from pg_prepared_statements where statement = 'select $1::int as n'`.execute(db);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.name).toMatch(/^mk_/);
    } finally {
      await db.destroy();
    }
  });
});
