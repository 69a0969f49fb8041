import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce } from '../src/db/compiled-query';
import type { DatabaseHandle } from '../src/db/database';
import { createTestDatabase } from './test-app';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db
    .insertInto('cities')
    .values([
      { name: 'Dubai', name_ar: 'دبي', country_code: 'AE' },
      { name: 'Sharjah', name_ar: 'الشارقة', country_code: 'AE' },
    ])
    .execute();
});
afterAll(() => database.close());

describe('a query compiled once', () => {
  it('answers as the same query built each time, for every set of values, with its constants kept', async () => {
    const { db } = database;
    const built = (name: string, limit: number) =>
      db
        .selectFrom('cities')
        .select(['name', 'name_ar'])
        .where('name', '=', name)
        .where(sql<number>`${limit}`, '>', 0);
    const compiled = compileOnce(db, ['name'], (param) =>
      db
        .selectFrom('cities')
        .select(['name', 'name_ar'])
        .where('name', '=', param('name'))
        .where(sql<number>`${1}`, '>', 0),
    );
    for (const name of ['Dubai', 'Sharjah', 'Atlantis', "O'Brien; drop table cities"]) {
      expect(await compiled.execute({ name })).toEqual(await built(name, 1).execute());
    }
    expect(await compiled.executeTakeFirst({ name: 'Sharjah' })).toEqual({ name: 'Sharjah', name_ar: 'الشارقة' });
  });

  it('refuses a parameter written into the SQL text, or one the query never uses', async () => {
    const { db } = database;
    const leaked = compileOnce(db, ['name'], (param) =>
      db
        .selectFrom('cities')
        .select('name')
        .where(sql.raw(`name = '${String(param('name'))}'`), '=', true as never),
    );
    await expect(leaked.execute({ name: 'Dubai' })).rejects.toThrow('written into the SQL text');
    const unused = compileOnce(db, ['name', 'limit'], (param) =>
      db.selectFrom('cities').select('name').where('name', '=', param('name')),
    );
    await expect(unused.execute({ name: 'Dubai', limit: 1 })).rejects.toThrow(
      'the parameter limit is not in the query',
    );
  });
});
