import { FAVOURITES_API } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, liveListing, newDraft, seller } from './fixtures/catalogue';
import type { TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createCatalogueTestApp();
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const rowsOf = (table: 'saved_searches' | 'user_neighborhoods' | 'notification_settings' | 'companies', id: number) =>
  db().selectFrom(table).select('user_id').where('user_id', '=', id).execute();

describe('deleting an account: each module erases what it keeps of the person (decision 029)', () => {
  it('removes the saved searches, neighbourhoods, settings and company; a listing gets its history row, a draft goes', async () => {
    const owner = await seller(testApp, { account_type: 'company', company_name: 'Gulf Goods' });
    const follower = await seller(testApp);
    const live = await liveListing(owner);
    const draft = await newDraft(owner.client);
    const saved = await owner.client.post('/api/saved-searches', {
      name: 'Phones',
      query: 'q=iphone',
      alerts: 'daily',
    });
    expect(saved.statusCode).toBe(201);
    const settings = { settings: [{ category: 'orders', email: false }] };
    expect((await owner.client.put('/api/notifications/settings', settings)).statusCode).toBe(200);
    expect(await rowsOf('notification_settings', owner.id)).not.toHaveLength(0);
    expect((await follower.client.put(FAVOURITES_API.favourite(live.id))).statusCode).toBeLessThan(300);
    expect(await rowsOf('saved_searches', owner.id)).toHaveLength(1);
    expect(await rowsOf('user_neighborhoods', owner.id)).not.toHaveLength(0);
    expect(await rowsOf('companies', owner.id)).toHaveLength(1);

    expect((await owner.client.post('/api/account/delete', { password: 'correct horse battery' })).statusCode).toBe(
      204,
    );

    for (const table of ['saved_searches', 'user_neighborhoods', 'notification_settings', 'companies'] as const) {
      expect(await rowsOf(table, owner.id), table).toEqual([]);
    }
    const history = await db()
      .selectFrom('listing_events')
      .select(['listing_id', 'actor_id', 'type', 'changes'])
      .where('listing_id', '=', live.id)
      .where('type', '=', 'removed')
      .execute();
    expect(history).toEqual([
      {
        listing_id: live.id,
        actor_id: owner.id,
        type: 'removed',
        changes: { status: { from: 'active', to: 'removed' } },
      },
    ]);
    // An unfinished draft goes for good, as its seller's own deletion of it would (it cannot be "removed").
    expect(await db().selectFrom('listings').select('id').where('id', '=', draft.id).execute()).toEqual([]);
    // The follower's saved listing is still theirs; it now answers 404 like any removed listing.
    expect((await follower.client.get(`/api/listings/${live.id}`)).statusCode).toBe(404);
  });
});
