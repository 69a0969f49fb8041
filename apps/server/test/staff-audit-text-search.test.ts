import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageQuery } from '../src/modules/staff/audit-routes';
import { createTestApp, type TestApp } from './test-app';

/**
 * The audit log's free-text filter reads its trigram indexes (migration 0027), not the whole log:
 * the route's own query, EXPLAINed on a log of many rows, on each database server the suite runs on.
 */

let testApp: TestApp;
const ROWS = 30_000;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  // Staff names and notes of a few kinds, each note with a text of its own (an md5), a third without a note.
  await sql`insert into audit_log (actor_id, actor_name, actor_role, action, target_type, target_id, note, created_at)
    select 1 + g % 40, (array['Samir Haddad', 'Mona Aziz', 'Layla Nasser', 'Omar Farouk'])[1 + g % 4] || ' ' || g % 40,
      'moderator', (array['listing.remove', 'user.warn', 'listing.restore', 'user.suspend'])[1 + g % 4], 'listing', g,
      case when g % 3 = 0 then null
        else (array['Duplicate listing of a phone', 'Counterfeit handbag photos', 'Rude messages to buyers'])[1 + g % 3]
          || ' case ' || md5(g::text) end,
      now() - (${ROWS} - g) * interval '1 minute'
    from generate_series(1, ${ROWS}) g`.execute(db);
  await db
    .insertInto('audit_log')
    .values([
      { actor_name: 'Zainab Qasimi', actor_role: 'admin', action: 'user.warn', target_type: 'user', note: null },
      {
        actor_name: 'Mona Aziz 1',
        actor_role: 'moderator',
        action: 'listing.remove',
        target_type: 'listing',
        note: 'Offered 50%_off if paid by transfer',
      },
    ])
    .execute();
  await sql`analyze audit_log`.execute(db);
});
afterAll(() => testApp.close());

const plan = async (filters: Parameters<typeof auditPageQuery>[1]) =>
  (await auditPageQuery(testApp.database.db, filters, undefined).explain())
    .map((row) => String(Object.values(row)[0]))
    .join('\n');

describe('the audit log’s free-text filter', () => {
  it('finds a rare text in a note or a name through both trigram indexes, never by reading the whole log', async () => {
    for (const q of ['50%_off', 'zainab q', 'qasimi']) {
      const explained = await plan({ q });
      expect(explained, q).toContain('audit_log_note_trigrams');
      expect(explained, q).toContain('audit_log_actor_name_trigrams');
      expect(explained, q).not.toContain('Seq Scan');
    }
    const found = await auditPageQuery(testApp.database.db, { q: '50%_off' }, undefined).execute();
    expect(found.map((row) => row.note)).toEqual(['Offered 50%_off if paid by transfer']);
    const named = await auditPageQuery(testApp.database.db, { q: 'zainab q' }, undefined).execute();
    expect(named.map((row) => row.actor_name)).toEqual(['Zainab Qasimi']);
  });

  it('reads a text on most rows newest first, and never the whole log with another filter beside it', async () => {
    expect(await plan({ q: 'duplicate' })).not.toContain('Seq Scan');
    expect(await plan({ q: 'handbag', action: 'user.warn' })).not.toContain('Seq Scan');
    expect(await plan({ q: 'Qasimi', actor: 7 })).not.toContain('Seq Scan');
  });
});
