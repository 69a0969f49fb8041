import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CUSTOM_PLAN_MARK, preparingPool } from './prepared-statements';

/** A pg pool that records what its one client is asked, instead of asking a server. */
function recordingPool() {
  const asked: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      asked.push(args);
      return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release: () => undefined,
  };
  const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() };
  return { pool: pool as unknown as pg.Pool, asked };
}

const nameOf = (args: unknown[] | undefined) => (args?.[0] as { name?: string } | string | undefined) ?? undefined;

describe('a pool that prepares statements', () => {
  it('gives a statement with parameters one name, the same on every use', async () => {
    const { pool, asked } = recordingPool();
    const client = await preparingPool(pool).connect();
    await client.query('select * from users where id = $1', [1]);
    await client.query('select * from users where id = $1', [2]);
    await client.query('select * from cities where id = $1', [1]);
    const [first, second, other] = asked.map(nameOf) as { name: string; values: unknown[] }[];
    expect(first?.name).toMatch(/^mk_[\w-]{24}$/);
    expect(second).toEqual({ name: first?.name, text: 'select * from users where id = $1', values: [2] });
    expect(other?.name).not.toBe(first?.name);
  });

  it('leaves statements without parameters unnamed: the simple protocol runs a migration’s several statements', async () => {
    const { pool, asked } = recordingPool();
    const client = await preparingPool(pool).connect();
    await client.query('create table a (id int); create table b (id int)', []);
    expect(asked).toEqual([['create table a (id int); create table b (id int)', []]]);
  });

  it('leaves a statement marked for custom plans unnamed, so it is planned for its values every time', async () => {
    const { pool, asked } = recordingPool();
    const client = await preparingPool(pool).connect();
    const text = `select ${CUSTOM_PLAN_MARK} * from listings where search_document @@ to_tsquery($1)`;
    await client.query(text, ['toyota']);
    expect(asked).toEqual([[text, ['toyota']]]);
  });

  it('prepares no more than its limit per connection; those it has stay prepared', async () => {
    const { pool, asked } = recordingPool();
    const client = await preparingPool(pool, 2).connect();
    await client.query('select $1::int as a', [1]);
    await client.query('select $1::int as b', [1]);
    await client.query('select $1::int as c', [1]);
    await client.query('select $1::int as a', [2]);
    expect(asked.map((args) => typeof args[0] === 'object')).toEqual([true, true, false, true]);
  });

  it('hands Kysely the same wrapper for the same pg client, which Kysely keys its connections by', async () => {
    const { pool } = recordingPool();
    const preparing = preparingPool(pool);
    expect(await preparing.connect()).toBe(await preparing.connect());
  });
});
