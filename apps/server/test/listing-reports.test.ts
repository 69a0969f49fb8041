import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, newDraft, seller, type Seller } from './fixtures/catalogue';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
  buyer = await seller(testApp);
});
afterAll(() => testApp.close());

const report = (client: BrowserLikeClient, id: number | string, body: unknown) =>
  client.request('POST', `/api/listings/${id}/report`, body);
const reportsOf = (listingId: number) =>
  testApp.database.db
    .selectFrom('listing_reports')
    .select(['reporter_id', 'reason', 'details'])
    .where('listing_id', '=', listingId)
    .execute();
const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;

describe('reporting a listing', () => {
  it('keeps the reason and the details for moderation, and tells the seller nothing', async () => {
    const listing = await liveListing(owner);
    const response = await report(buyer.client, listing.id, {
      reason: 'scam',
      details: '  Asks for a deposit by bank transfer before any viewing.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { listing_id: listing.id, reason: 'scam' } });
    expect(await reportsOf(listing.id)).toEqual([
      { reporter_id: buyer.id, reason: 'scam', details: 'Asks for a deposit by bank transfer before any viewing.' },
    ]);
    const seen = await owner.client.get(`/api/listings/${listing.id}`);
    expect(seen.body).not.toContain('report');
    const history = await owner.client.get(`/api/listings/${listing.id}/history`);
    expect(history.body).not.toContain('scam');
  });

  it('takes one report per person and listing: the second is a 409 that says so', async () => {
    const listing = await liveListing(owner);
    expect((await report(buyer.client, listing.id, { reason: 'duplicate' })).statusCode).toBe(201);
    const again = await report(buyer.client, listing.id, { reason: 'offensive', details: 'And rude.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already reported this listing. Thank you: we are reviewing it.',
    });
    expect(await reportsOf(listing.id)).toEqual([{ reporter_id: buyer.id, reason: 'duplicate', details: null }]);
    // Someone else's report of the same listing is their own.
    const third = await seller(testApp);
    expect((await report(third.client, listing.id, { reason: 'scam' })).statusCode).toBe(201);
  });

  it('refuses a seller’s report of their own listing with a 409 and a message', async () => {
    const listing = await liveListing(owner);
    const response = await report(owner.client, listing.id, { reason: 'other', details: 'Testing.' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You cannot report your own listing.' });
    const arabic = await owner.client.request(
      'POST',
      `/api/listings/${listing.id}/report`,
      { reason: 'scam' },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(arabic.json()).toEqual({ message: 'لا يمكنك الإبلاغ عن إعلانك.' });
    expect(await reportsOf(listing.id)).toEqual([]);
  });

  it.each([
    ['no reason', {}, 'reason', 'Choose why you are reporting this listing.'],
    ['an unknown reason', { reason: 'boring' }, 'reason', 'Choose why you are reporting this listing.'],
    [
      '“other” with nothing said',
      { reason: 'other', details: '   ' },
      'details',
      'Say what is wrong when you choose “Something else”.',
    ],
    [
      'details over 1000 characters',
      { reason: 'scam', details: 'x'.repeat(1001) },
      'details',
      'The Details field may not be greater than 1000 characters',
    ],
    ['details with control characters', { reason: 'scam', details: 'a\u0000b' }, 'details', 'The value is not valid.'],
    ['details that are not text', { reason: 'scam', details: 42 }, 'details', 'The value is not valid.'],
  ])('answers 422 to %s, under the field, and keeps nothing', async (_name, body, field, text) => {
    const listing = await liveListing(owner);
    const response = await report(buyer.client, listing.id, body);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[field]).toEqual([text]);
    expect(await reportsOf(listing.id)).toEqual([]);
  });

  it('counts 1000 characters as a person does: emoji and Arabic letters are one each', async () => {
    const listing = await liveListing(owner);
    const details = `${'احتيال '.repeat(142)}🙂`.slice(0, 999);
    const response = await report(buyer.client, listing.id, { reason: 'other', details });
    expect(response.statusCode).toBe(201);
  });

  it('answers 404 for a listing the reporter may not see, as for one that does not exist', async () => {
    const draft = await newDraft(owner.client);
    const paused = await liveListing(owner);
    await owner.client.post(`/api/listings/${paused.id}/pause`);
    const removed = await liveListing(owner);
    await owner.client.request('DELETE', `/api/listings/${removed.id}`);
    for (const id of [draft.id, paused.id, removed.id, 2_147_483_647, 'abc', '0']) {
      const response = await report(buyer.client, id, { reason: 'scam' });
      expect(response.statusCode, `listing ${id}`).toBe(404);
    }
    expect(await reportsOf(draft.id)).toEqual([]);
  });

  it('takes reports of sold listings: a scam is still worth knowing about', async () => {
    const listing = await liveListing(owner);
    await owner.client.post(`/api/listings/${listing.id}/mark-sold`);
    expect((await report(buyer.client, listing.id, { reason: 'scam' })).statusCode).toBe(201);
  });
});

describe('reports are guarded', () => {
  it('asks a visitor to sign in first', async () => {
    const listing = await liveListing(owner);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const response = await report(visitor, listing.id, { reason: 'scam' });
    expect(response.statusCode).toBe(401);
    expect(await reportsOf(listing.id)).toEqual([]);
  });

  it('answers 419 to a report another site makes the user’s browser send (no CSRF token)', async () => {
    const listing = await liveListing(owner);
    for (const token of [undefined, 'forged']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/report`,
        headers: {
          cookie: `${SESSION_COOKIE}=${buyer.client.sessionCookie ?? ''}`,
          ...(token && { 'x-csrf-token': token }),
        },
        payload: { reason: 'scam' },
      });
      expect(response.statusCode).toBe(419);
    }
    expect(await reportsOf(listing.id)).toEqual([]);
  });

  it('lets one person send only so many reports an hour, so nobody can bury a seller in them', async () => {
    const limited = await createCatalogueTestApp({ REPORTS_PER_HOUR: '2' });
    try {
      const shop = await seller(limited);
      const reporter = await seller(limited);
      const listings = [await liveListing(shop), await liveListing(shop), await liveListing(shop)];
      const answers: number[] = [];
      for (const listing of listings)
        answers.push((await report(reporter.client, listing.id, { reason: 'scam' })).statusCode);
      expect(answers).toEqual([201, 201, 429]);
      const refused = await report(reporter.client, listings[2]?.id ?? 0, { reason: 'scam' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorsOf(refused).reason?.[0]).toMatch(/^Too many reports\. Please try again in [\d,]+ seconds?\.$/);
      const stored = await limited.database.db.selectFrom('listing_reports').select('listing_id').execute();
      expect(stored).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
