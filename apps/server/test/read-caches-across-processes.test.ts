import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Profile } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import type { InvalidationBus } from '../src/db/invalidation-bus';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { cityNamed, fetchCities, readProfile, validProfileUpdate } from './fixtures/profile';
import { createTestApp, createTestDatabase, FIXTURE_WEB_DIR } from './test-app';

/**
 * Two app instances on one database, each with its own listening connection, as two processes
 * behind a load balancer (decision 033): what one writes, the other never serves from memory once
 * the write's notification has arrived (decision 038). Each wait is for that notification, never a
 * sleep.
 */
let database: DatabaseHandle;
let dataDir: string;
let a: FastifyInstance;
let b: FastifyInstance;
let absoluteMs: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-caches-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: FIXTURE_WEB_DIR });
  absoluteMs = config.session.absoluteSeconds * 1000;
  [a, b] = await Promise.all([buildApp({ config, db: database.db }), buildApp({ config, db: database.db })]);
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const busOf = (app: FastifyInstance): InvalidationBus => {
  const { bus } = app.readCaches;
  if (!bus) throw new Error('the read caches are off');
  return bus;
};

/** Resolves when `app`'s listener receives the notification `tag`: set up before the write. */
function invalidatedOn(app: FastifyInstance, tag: string): Promise<void> {
  const bus = busOf(app);
  return new Promise((resolve) => {
    const listener = (received: string) => {
      if (received !== tag) return;
      bus.off('invalidated', listener);
      resolve();
    };
    bus.on('invalidated', listener);
  });
}

/** The same browser (its cookies) talking to the other instance, as a load balancer may send it. */
function sameBrowserOn(app: FastifyInstance, client: BrowserLikeClient): BrowserLikeClient {
  const other = new BrowserLikeClient(app, client.headers, client.remoteAddress);
  other.cookies = client.cookies;
  other.csrfToken = client.csrfToken;
  return other;
}

const sessionIdOf = (client: BrowserLikeClient) =>
  createHash('sha256')
    .update(client.sessionCookie ?? '')
    .digest('hex');

/** How many statements the app runs while `work` does: 0 means served from memory. */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(database.db, 'executeQuery');
  await work();
  const count = spy.mock.calls.length;
  spy.mockRestore();
  return count;
}

/** A write with the triggers off, so nobody is told: what a missed notification would look like. */
async function quietly(statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

/** A signed-in user whose session and profile B has cached. */
async function signedInOnAWarmOnB() {
  const { client, registration, user } = await signedInClient(a);
  const onB = sameBrowserOn(b, client);
  expect((await onB.get('/user/profile')).statusCode).toBe(200);
  expect(await statementsDuring(() => onB.get('/user/profile'))).toBe(0);
  return { client, onB, registration, user };
}

describe('sessions and profiles served from memory, across two instances on one database', () => {
  it('a logout on A is refused on B as soon as its notification is in', async () => {
    const { client, onB } = await signedInOnAWarmOnB();
    const ended = invalidatedOn(b, `session:${sessionIdOf(client)}`);
    expect((await client.post('/logout')).statusCode).toBe(204);
    await ended;
    expect((await onB.get('/user/profile')).statusCode).toBe(401);
  });

  it('a password change on A ends the other sessions on B; the one that changed it stays', async () => {
    const { client, onB, registration } = await signedInOnAWarmOnB();
    const phone = new BrowserLikeClient(a);
    await phone.visit('/login');
    expect(
      (await phone.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
    const phoneOnB = sameBrowserOn(b, phone);
    expect((await phoneOnB.get('/user/profile')).statusCode).toBe(200);
    expect(await statementsDuring(() => phoneOnB.get('/user/profile'))).toBe(0);

    const ended = invalidatedOn(b, `session:${sessionIdOf(phone)}`);
    const changed = await client.put('/api/account/password', {
      current_password: registration.password,
      password: 'a brand new pass phrase',
      password_confirmation: 'a brand new pass phrase',
    });
    expect(changed.statusCode).toBe(204);
    await ended;
    expect((await phoneOnB.get('/user/profile')).statusCode).toBe(401);
    expect((await onB.get('/user/profile')).statusCode).toBe(200);
  });

  it('a suspension written by staff is refused on B at once', async () => {
    const { onB, user } = await signedInOnAWarmOnB();
    const changed = invalidatedOn(b, `user:${user.id}`);
    // The statement the users module runs in the moderation action's transaction (suspensions.ts).
    await database.db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspended_until: null, suspension_reason: 'scam' })
      .where('id', '=', user.id)
      .execute();
    await changed;
    expect((await onB.get('/user/profile')).statusCode).toBe(401);
  });

  it('a profile saved on A is what B shows on its next read', async () => {
    const { client, onB, user } = await signedInOnAWarmOnB();
    const city = cityNamed(await fetchCities(client), 'Dubai');
    const changed = invalidatedOn(b, `user:${user.id}`);
    const saved = await client.put('/user/profile', validProfileUpdate(city, { first_name: 'Layla' }));
    expect(saved.statusCode).toBe(200);
    // On A, the writer's own next read: no wait at all.
    expect((await readProfile(client)).first_name).toBe('Layla');
    await changed;
    const profile: Profile = await readProfile(onB);
    expect(profile).toMatchObject({ first_name: 'Layla', address: { city: { id: city.id } } });
  });

  it('while its listener is down B serves from the database, and caches again once it is back', async () => {
    const { client, onB, user } = await signedInOnAWarmOnB();
    const bus = busOf(b);
    const release = bus.holdReconnection();
    const down = once(bus, 'down');
    await sql`select pg_terminate_backend(${bus.listenerPid ?? 0})`.execute(database.db);
    await down;
    // A change B is never told of: with the listener down, B reads it from the database.
    await quietly(sql`update users set first_name = 'Quiet' where id = ${user.id}`);
    expect(
      await statementsDuring(async () => expect((await readProfile(onB)).first_name).toBe('Quiet')),
    ).toBeGreaterThan(0);

    const live = once(bus, 'live');
    release();
    await live;
    expect((await readProfile(onB)).first_name).toBe('Quiet');
    expect(await statementsDuring(() => readProfile(onB))).toBe(0);
    // And the notifications reach it again.
    const ended = invalidatedOn(b, `session:${sessionIdOf(client)}`);
    expect((await client.post('/logout')).statusCode).toBe(204);
    await ended;
    expect((await onB.get('/user/profile')).statusCode).toBe(401);
  });

  it('a cached session past its absolute limit is refused, never served from memory', async () => {
    const { onB } = await signedInOnAWarmOnB();
    // The database holds the session as expired (written unnoticed: only the clock tells the cache).
    await quietly(
      sql`update sessions set created_at = now() - make_interval(secs => ${absoluteMs / 1000 + 60}) where id = ${sessionIdOf(onB)}`,
    );
    expect((await onB.get('/user/profile')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + absoluteMs + 60_000 });
    expect((await onB.get('/user/profile')).statusCode).toBe(401);
  });

  it('a TRUNCATE of the sessions drops every cached session', async () => {
    const { onB } = await signedInOnAWarmOnB();
    const dropped = invalidatedOn(b, 'all');
    await sql`truncate sessions cascade`.execute(database.db);
    await dropped;
    expect((await onB.get('/user/profile')).statusCode).toBe(401);
  });
});

describe('READ_CACHES=false', () => {
  it('reads the session and the profile from the database on every request, with no listener', async () => {
    const testApp = await createTestApp({ READ_CACHES: 'false' });
    try {
      expect(testApp.app.readCaches.bus).toBeUndefined();
      const { client } = await signedInClient(testApp.app);
      await readProfile(client);
      const spy = vi.spyOn(testApp.database.db, 'executeQuery');
      await readProfile(client);
      expect(spy.mock.calls.length).toBe(2);
    } finally {
      await testApp.close();
    }
  });
});
