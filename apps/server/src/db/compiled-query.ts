import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for a parameter while the query is compiled; never sent to the database. */
const MARK = '\u0000compiled-query-parameter:';

export interface CompiledTemplate<Names extends string, Row> {
  /** Runs the query with these values in place of its named parameters. */
  execute(values: Record<Names, unknown>): Promise<Row[]>;
  executeTakeFirst(values: Record<Names, unknown>): Promise<Row | undefined>;
}

/**
 * A hot query that Kysely builds and compiles once, then runs with new values: the same SQL text
 * every time (so the pool's prepared statement is found by a cached name), and none of Kysely's
 * per-request tree building and compiling, which was most of the node CPU of GET /user/profile
 * (issue 34). `build` gets `param(name)` to put where a value goes; the values given to `execute`
 * replace them by position. The query must take a parameter as a bound value (`eb(…, '=', param)`),
 * never into its text: compiling checks that every name became a bound value and none leaked into
 * the SQL.
 */
export function compileOnce<Names extends string, Row>(
  db: Pick<Kysely<Database>, 'executeQuery'>,
  names: readonly Names[],
  build: (param: (name: Names) => never) => Compilable<Row>,
): CompiledTemplate<Names, Row> {
  let compiled: { query: CompiledQuery<Row>; slots: ({ name: Names } | { value: unknown })[] } | undefined;
  const compile = () => {
    const query = build((name) => `${MARK}${name}` as never).compile();
    if (query.sql.includes(MARK)) throw new Error('compileOnce: a parameter was written into the SQL text');
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? { name: value.slice(MARK.length) as Names } : { value },
    );
    for (const name of names) {
      if (!slots.some((slot) => 'name' in slot && slot.name === name)) {
        throw new Error(`compileOnce: the parameter ${name} is not in the query`);
      }
    }
    return { query, slots };
  };
  const execute = async (values: Record<Names, unknown>) => {
    compiled ??= compile();
    const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters });
    return result.rows;
  };
  return {
    execute,
    executeTakeFirst: async (values) => (await execute(values))[0],
  };
}
