import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../src/modules/staff/totp';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { grantRole, staffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ LOGIN_MAX_ATTEMPTS: '5', LOGIN_EMAIL_MAX_ATTEMPTS: '8' });
});
afterAll(() => testApp.close());

const session = (client: BrowserLikeClient) => client.get('/api/admin/session');

describe('the back-office does not exist for anyone without a staff role', () => {
  it('answers visitors and users exactly as an address that does not exist', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: user } = await signedInClient(testApp.app);
    const nowhere = await user.get('/api/no-such-thing');
    for (const client of [visitor, user]) {
      for (const [method, url] of [
        ['GET', '/api/admin/session'],
        ['POST', '/api/admin/second-factor/setup'],
        ['POST', '/api/admin/second-factor/verify'],
        ['GET', '/api/admin/staff'],
        ['PUT', '/api/admin/staff/1'],
      ] as const) {
        const response = await client.request(method, url, method === 'GET' ? undefined : { code: '123456' });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).toBe(nowhere.body);
      }
      // The page too: the same not-found page, and no word of the back-office in its config.
      const page = await client.visit('/admin');
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('staffArea');
    }
  });
});

describe('the staff second factor (TOTP)', () => {
  it('is set up with a QR code and the first code, which gives ten recovery codes and passes the session', async () => {
    const { client, user } = await signedInClient(testApp.app);
    await grantRole(testApp.app, user.id, 'moderator');
    expect((await session(client)).json()).toMatchObject({ role: 'moderator', second_factor: 'setup_required' });
    // Nothing else before the second factor: 403, saying what is missing.
    const early = await client.get('/api/admin/staff');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ second_factor: 'setup_required' });

    const setup = await client.post('/api/admin/second-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_svg } = setup.json<{ secret: string; otpauth_uri: string; qr_svg: string }>();
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);
    // The secret is sealed in the database, not kept as it is.
    const row = await testApp.app.db
      .selectFrom('staff_second_factors')
      .select('secret_sealed')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);

    const wrong = await client.post('/api/admin/second-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { code: [expect.stringContaining('not right')] } });
    const confirm = await client.post('/api/admin/second-factor/confirm', { code: totpAt(secret, Date.now()) });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await session(client)).json()).toMatchObject({ second_factor: 'passed' });
    // Set up once: a second set-up is refused (an admin resets a lost phone).
    expect((await client.post('/api/admin/second-factor/setup')).statusCode).toBe(409);
    // The audit log has it.
    const audit = await testApp.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', user.id)
      .where('action', '=', 'staff.second-factor.set-up')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('asks a new session again; refuses a wrong code, a replayed code, and a recovery code used twice', async () => {
    const member = await staffClient(testApp.app, 'support');
    const newSession = new BrowserLikeClient(testApp.app);
    await newSession.visit('/login');
    const email = (
      await testApp.app.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', member.user.id)
        .executeTakeFirstOrThrow()
    ).email;
    expect((await newSession.post('/login', { email, password: 'correct horse battery' })).statusCode).toBe(200);
    expect((await session(newSession)).json()).toMatchObject({ second_factor: 'required' });

    // A code passes once: the next step's code (within the allowed drift) passes this session, and the
    // same code on another session is refused, as is the step before it (RFC 6238 §5.2).
    const next = totpAt(member.secret, Date.now() + 30_000);
    expect((await newSession.post('/api/admin/second-factor/verify', { code: next })).statusCode).toBe(204);
    const replaying = new BrowserLikeClient(testApp.app);
    await replaying.visit('/login');
    await replaying.post('/login', { email, password: 'correct horse battery' });
    expect((await replaying.post('/api/admin/second-factor/verify', { code: next })).statusCode).toBe(422);
    expect(
      (await replaying.post('/api/admin/second-factor/verify', { code: totpAt(member.secret, Date.now()) })).statusCode,
    ).toBe(422);

    const [recovery = ''] = member.recoveryCodes;
    const other = new BrowserLikeClient(testApp.app);
    await other.visit('/login');
    await other.post('/login', { email, password: 'correct horse battery' });
    expect((await other.post('/api/admin/second-factor/verify', { code: recovery.toUpperCase() })).statusCode).toBe(
      204,
    );
    expect((await session(other)).json()).toMatchObject({ second_factor: 'passed' });
    const third = new BrowserLikeClient(testApp.app);
    await third.visit('/login');
    await third.post('/login', { email, password: 'correct horse battery' });
    expect((await third.post('/api/admin/second-factor/verify', { code: recovery })).statusCode).toBe(422);
  });

  it('throttles guessing like login, per member', async () => {
    const member = await staffClient(testApp.app, 'moderator');
    const guesser = new BrowserLikeClient(testApp.app);
    await guesser.visit('/login');
    const email = (
      await testApp.app.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', member.user.id)
        .executeTakeFirstOrThrow()
    ).email;
    await guesser.post('/login', { email, password: 'correct horse battery' });
    const statuses: number[] = [];
    for (let guess = 0; guess < 7; guess += 1) {
      statuses.push(
        (await guesser.post('/api/admin/second-factor/verify', { code: String(100000 + guess) })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    const refused = await guesser.post('/api/admin/second-factor/verify', {
      code: totpAt(member.secret, Date.now() + 30_000),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('roles', () => {
  it('lets an admin grant and take roles, never the last admin away, each in the audit log', async () => {
    const admin = await staffClient(testApp.app, 'admin');
    const { user } = await signedInClient(testApp.app);
    expect((await admin.client.put(`/api/admin/staff/${user.id}`, { role: 'support' })).statusCode).toBe(204);
    const list = (await admin.client.get('/api/admin/staff')).json<{ data: { user_id: number; role: string }[] }>();
    expect(list.data).toContainEqual(expect.objectContaining({ user_id: user.id, role: 'support' }));
    expect((await admin.client.put(`/api/admin/staff/${user.id}`, { role: 'owner' })).statusCode).toBe(422);
    expect((await admin.client.request('DELETE', `/api/admin/staff/${user.id}`)).statusCode).toBe(204);
    expect((await admin.client.request('DELETE', `/api/admin/staff/${user.id}`)).statusCode).toBe(404);
    expect((await admin.client.put('/api/admin/staff/2147483647', { role: 'support' })).statusCode).toBe(404);
    const actions = await testApp.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'staff.grant', actor_id: admin.user.id },
      { action: 'staff.take-role', actor_id: admin.user.id },
    ]);
    // A moderator may not manage staff: 403, the back-office exists for them.
    const moderator = await staffClient(testApp.app, 'moderator');
    expect((await moderator.client.get('/api/admin/staff')).statusCode).toBe(403);
  });

  it('keeps the audit log append-only, whatever runs the SQL', async () => {
    await expect(testApp.app.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(testApp.app.db.updateTable('audit_log').set({ note: 'rewritten' }).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});
