import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('POST /api/test/staff-role (browser test runs only)', () => {
  it('gives the signed-in caller the role, after which the back-office exists for them', async () => {
    const { client } = await signedInClient(testApp.app);
    expect((await client.get('/api/admin/session')).statusCode).toBe(404);
    const granted = await client.post('/api/test/staff-role', { role: 'moderator' });
    expect(granted.statusCode).toBe(200);
    const session = await client.get('/api/admin/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ role: 'moderator', second_factor: 'setup_required' });
  });

  it('is for signed-in callers only, and takes only a role there is', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    expect((await visitor.post('/api/test/staff-role', { role: 'admin' })).statusCode).toBe(401);
    const { client } = await signedInClient(testApp.app);
    expect((await client.post('/api/test/staff-role', { role: 'owner' })).statusCode).toBe(422);
    expect((await client.get('/api/admin/session')).statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const other = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { client } = await signedInClient(other.app);
      expect((await client.post('/api/test/staff-role', { role: 'admin' })).statusCode).toBe(404);
      expect((await client.get('/api/admin/session')).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
