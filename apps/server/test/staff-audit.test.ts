import type { AuditEntry, AuditPage, StaffLookup } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/staff';
import { totpAt } from '../src/modules/staff/totp';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { staffClient, type StaffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
let admin: StaffClient;
let moderator: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  testApp = await createTestApp();
  [admin, moderator, support] = await Promise.all([
    staffClient(testApp.app, 'admin'),
    staffClient(testApp.app, 'moderator'),
    staffClient(testApp.app, 'support'),
  ]);
});
afterAll(() => testApp.close());

const page = async (client: BrowserLikeClient, query = '') => {
  const response = await client.get(`/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};

const emailOf = async (userId: number) =>
  (await testApp.app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

describe('the audit log', () => {
  it('shows a role change as it happened: who, role, what, target, before and after, address, newest first', async () => {
    const { user } = await signedInClient(testApp.app);
    expect((await admin.client.put(`/api/admin/staff/${user.id}`, { role: 'support' })).statusCode).toBe(204);
    expect((await admin.client.put(`/api/admin/staff/${user.id}`, { role: 'moderator' })).statusCode).toBe(204);

    const { data } = await page(moderator.client, `?target_type=user&target_id=${user.id}`);
    expect(data.map((entry) => entry.action)).toEqual(['staff.change-role', 'staff.grant']);
    const [changed] = data as [AuditEntry];
    expect(changed).toMatchObject({
      actor: { id: admin.user.id, role: 'admin' },
      target: { type: 'user', id: user.id },
      before: { role: 'support' },
      after: { role: 'moderator' },
      ip: admin.client.remoteAddress,
    });
    expect(changed.actor.name).toBe('Amira Saleh');
    expect(Date.parse(changed.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages newest first with a cursor, and filters by actor, action, target, time and words', async () => {
    const actor = { id: 990_001, name: 'Zainab Filter-Test', role: 'moderator' as const, ip: '203.0.113.9' };
    const other = { ...actor, id: 990_002, name: 'Yusuf Other' };
    await testApp.app.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 57; index += 1) {
        await recordAudit(trx, index % 3 === 0 ? other : actor, {
          action: index % 2 === 0 ? 'listing.remove' : 'listing.restore',
          targetType: 'listing',
          targetId: 5000 + index,
          reason: 'scam',
          note: index === 10 ? 'Seller asked for 100% up front_' : `note ${index}`,
        });
      }
    });
    const first = await page(admin.client, '?target_type=listing');
    expect(first.data).toHaveLength(50);
    expect(first.data[0]?.target.id).toBe(5056);
    expect(first.next_cursor).not.toBeNull();
    const second = await page(admin.client, `?target_type=listing&cursor=${first.next_cursor}`);
    expect(second.data.map((entry) => entry.target.id)).toEqual([5006, 5005, 5004, 5003, 5002, 5001, 5000]);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.data, ...second.data].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byActor = await page(admin.client, `?actor=${other.id}`);
    expect(byActor.data).toHaveLength(19);
    expect(new Set(byActor.data.map((entry) => entry.actor.name))).toEqual(new Set(['Yusuf Other']));
    const byAction = await page(admin.client, `?actor=${other.id}&action=listing.restore`);
    expect(byAction.data.map((entry) => entry.target.id)).toEqual([
      5051, 5045, 5039, 5033, 5027, 5021, 5015, 5009, 5003,
    ]);
    expect((await page(admin.client, '?target_type=listing&target_id=5010')).data).toHaveLength(1);

    // Words as typed: % and _ are letters, not patterns; the actor's name is searched too.
    const words = await page(admin.client, `?q=${encodeURIComponent('100% up front_')}`);
    expect(words.data.map((entry) => entry.target.id)).toEqual([5010]);
    expect((await page(admin.client, `?q=${encodeURIComponent('%')}`)).data.map((entry) => entry.target.id)).toEqual([
      5010,
    ]);
    expect((await page(admin.client, '?q=yusuf&target_type=listing')).data).toHaveLength(19);
    expect((await page(admin.client, '?q=nobody-has-this')).data).toEqual([]);

    // Time: from inclusive, to exclusive.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(admin.client, `?from=${encodeURIComponent(future)}`)).data).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await page(admin.client, `?target_type=listing&from=${encodeURIComponent(past)}`)).data).toHaveLength(50);
    expect((await page(admin.client, `?target_type=listing&to=${encodeURIComponent(past)}`)).data).toEqual([]);
  });

  it('lists the actions and target types it holds, for the filters', async () => {
    const response = await support.client.get('/api/admin/audit/facets');
    // Support staff do not read the log.
    expect(response.statusCode).toBe(403);
    const facets = (await admin.client.get('/api/admin/audit/facets')).json<{
      actions: string[];
      target_types: string[];
    }>();
    expect(facets.actions).toEqual(expect.arrayContaining(['listing.remove', 'listing.restore', 'staff.grant']));
    expect(facets.actions).toEqual([...facets.actions].sort());
    expect(facets.target_types).toEqual(expect.arrayContaining(['listing', 'staff', 'user']));
  });

  it('refuses filters it cannot read, naming the rule broken', async () => {
    for (const [query, field] of [
      ['?actor=0', 'actor'],
      ['?actor=2147483648', 'actor'],
      ['?target_id=abc', 'target_id'],
      ['?from=yesterday', 'from'],
      ['?from=-271821-04-20T00:00:00.000Z', 'from'],
      ['?to=2026-01-01', 'to'],
      ['?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      [`?action=${'x'.repeat(65)}`, 'action'],
      ['?cursor=0', 'cursor'],
      ['?cursor=99999999999999999', 'cursor'],
    ] as const) {
      const response = await admin.client.get(`/api/admin/audit${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors), query).toEqual([field]);
    }
    const reversed = await admin.client.get('/api/admin/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(reversed.json()).toMatchObject({ errors: { to: ['“To” must come after “From”.'] } });
    const long = await admin.client.get(`/api/admin/audit?q=${'x'.repeat(101)}`);
    expect(long.json()).toMatchObject({
      errors: { q: ['The Search notes and names field may not be greater than 100 characters'] },
    });
  });

  it('has no route that edits or deletes it, for anyone', async () => {
    const [entry] = (await page(admin.client)).data as [AuditEntry];
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${entry.id}`]) {
        const response = await admin.client.request(method, url, method === 'DELETE' ? undefined : { note: 'x' });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const still = await testApp.app.db
      .selectFrom('audit_log')
      .select('note')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(still.note).toBe(entry.note);
  });
});

describe('staff management', () => {
  it('finds an account by its e-mail address, with the role it holds; an unknown address is said so', async () => {
    const { user } = await signedInClient(testApp.app, { first_name: 'Huda', last_name: 'Nasser' });
    const email = await emailOf(user.id);
    const found = await admin.client.get(
      `/api/admin/staff/lookup?email=${encodeURIComponent(` ${email.toUpperCase()} `)}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json<{ data: StaffLookup }>().data).toEqual({
      user_id: user.id,
      name: 'Huda Nasser',
      email,
      role: null,
    });
    const staffEmail = await emailOf(moderator.user.id);
    expect(
      (await admin.client.get(`/api/admin/staff/lookup?email=${encodeURIComponent(staffEmail)}`)).json<{
        data: StaffLookup;
      }>().data.role,
    ).toBe('moderator');

    const unknown = await admin.client.get('/api/admin/staff/lookup?email=nobody.here%40example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      message:
        'No account has the e-mail address nobody.here@example.com: they sign up first, then you grant the role.',
    });
    const invalid = await admin.client.get('/api/admin/staff/lookup?email=not-an-address');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ errors: { email: ['The E-mail address field must be a valid email'] } });
    expect((await moderator.client.get(`/api/admin/staff/lookup?email=${encodeURIComponent(email)}`)).statusCode).toBe(
      403,
    );
  });

  it('resets a second factor: its sessions must pass it again, after setting it up anew; the log has it', async () => {
    const member = await staffClient(testApp.app, 'moderator');
    expect((await member.client.get('/api/admin/audit')).statusCode).toBe(200);

    const reset = await admin.client.post(`/api/admin/staff/${member.user.id}/second-factor/reset`);
    expect(reset.statusCode).toBe(204);
    const refused = await member.client.get('/api/admin/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ second_factor: 'setup_required' });
    // The old secret's code no longer passes; a new set-up does.
    const old = await member.client.post('/api/admin/second-factor/verify', {
      code: totpAt(member.secret, Date.now() + 30_000),
    });
    expect(old.statusCode).toBe(409);
    const setup = await member.client.post('/api/admin/second-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    expect(secret).not.toBe(member.secret);
    expect(
      (await member.client.post('/api/admin/second-factor/confirm', { code: totpAt(secret, Date.now()) })).statusCode,
    ).toBe(200);
    expect((await member.client.get('/api/admin/audit')).statusCode).toBe(200);

    const { data } = await page(admin.client, `?action=staff.second-factor.reset&target_id=${member.user.id}`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      actor: { id: admin.user.id },
      target: { type: 'user', id: member.user.id },
      before: { second_factor: true },
      after: { second_factor: false },
    });
  });

  it('refuses to reset what is not there: 409 before a set-up, 404 for someone without a role', async () => {
    const pending = await staffClient(testApp.app, 'support', { secondFactor: false });
    const notSetUp = await admin.client.post(`/api/admin/staff/${pending.user.id}/second-factor/reset`);
    expect(notSetUp.statusCode).toBe(409);
    expect(notSetUp.json()).toMatchObject({
      message: 'This staff member has not set up a second factor yet: there is nothing to reset.',
    });
    const { user } = await signedInClient(testApp.app);
    expect((await admin.client.post(`/api/admin/staff/${user.id}/second-factor/reset`)).statusCode).toBe(404);
    expect((await admin.client.post('/api/admin/staff/2147483647/second-factor/reset')).statusCode).toBe(404);
    expect((await admin.client.post('/api/admin/staff/0/second-factor/reset')).statusCode).toBe(404);
    expect((await moderator.client.post(`/api/admin/staff/${pending.user.id}/second-factor/reset`)).statusCode).toBe(
      403,
    );
  });

  it('keeps the last admin: neither removed nor demoted, with a message saying why', async () => {
    // This file's other admins first lose the role, so `admin` is the last.
    const others = await testApp.app.db
      .selectFrom('staff_members')
      .select('user_id')
      .where('role', '=', 'admin')
      .where('user_id', '<>', admin.user.id)
      .execute();
    for (const { user_id } of others) {
      expect((await admin.client.request('DELETE', `/api/admin/staff/${user_id}`)).statusCode).toBe(204);
    }
    const demote = await admin.client.put(`/api/admin/staff/${admin.user.id}`, { role: 'moderator' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      message: 'The back-office needs at least one admin: make someone else admin first.',
    });
    expect((await admin.client.request('DELETE', `/api/admin/staff/${admin.user.id}`)).statusCode).toBe(409);
    expect((await admin.client.get('/api/admin/session')).json()).toMatchObject({ role: 'admin' });
  });
});
