import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './table-owners';

const source = path.resolve(import.meta.dirname, '..');

/** Code that writes the start of the database (reference data, the demo) and migrations: no module's use case. */
const SEEDS = [/^db\/seed[^/]*\.ts$/, /^db\/demo-[^/]+\//, /^db\/demo-[^/]+\.ts$/, /^db\/migrations\//];

/** Every write a file makes: Kysely's builders with a literal table, raw SQL, and builders given a variable. */
export function writesIn(text: string): { table: string; how: string }[] {
  const writes: { table: string; how: string }[] = [];
  for (const match of text.matchAll(
    /\.(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*(['"`]?)([\w.]+)/g,
  )) {
    const [, how = '', quote, name = ''] = match;
    // A table in a variable cannot be checked: name it in the call.
    writes.push({ table: quote ? (name.split(' ')[0] ?? name) : `<${name}>`, how: `${how}()` });
  }
  for (const match of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+([a-z_]+)\b(?=[\s(])/gi)) {
    const [, how = '', table = ''] = match;
    if (
      how.toLowerCase() === 'update' &&
      !/^\s*[a-z_]+\s+(as\s+\w+\s+)?set\b/i.test(text.slice((match.index ?? 0) + 6))
    )
      continue;
    writes.push({ table, how: how.toLowerCase().replace(/\s+/g, ' ') });
  }
  return writes;
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('every table has one writer (db/table-owners.ts)', () => {
  it('finds the writes it looks for, and a table in a variable', () => {
    const sample = [
      "await trx.insertInto('orders').values(row)",
      "db.updateTable('listings as l').set({})",
      'await trx.deleteFrom(table).execute()',
      'sql`update listings set status = ${status}`',
      'sql`insert into listing_events (listing_id) values (1)`',
      'sql`delete from messages where id = 1`',
      "// we update the listing's title, and update them all",
    ].join('\n');
    expect(writesIn(sample).map((write) => write.table)).toEqual([
      'orders',
      'listings',
      '<table>',
      'listings',
      'listing_events',
      'messages',
    ]);
  });

  it('lists each table with its one writer, and no other code writes it', () => {
    const wrong: string[] = [];
    const tables = new Set(Object.keys(TABLE_OWNERS));
    for (const file of sourceFiles(source)) {
      const relative = path.relative(source, file).split(path.sep).join('/');
      if (SEEDS.some((seed) => seed.test(relative))) continue;
      for (const { table, how } of writesIn(fs.readFileSync(file, 'utf8'))) {
        const owner = (TABLE_OWNERS as Record<string, string | undefined>)[table];
        if (!tables.has(table)) wrong.push(`${relative}: ${how} on ${table}, which is no table (name it literally)`);
        else if (!owner || !(relative === owner || relative.startsWith(`${owner}/`))) {
          wrong.push(`${relative}: ${how} on ${table}, which ${owner ?? 'nobody'} owns`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names only owners that exist', () => {
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      expect(fs.existsSync(path.join(source, owner)), owner).toBe(true);
    }
  });
});
