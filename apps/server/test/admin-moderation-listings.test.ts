import type { Notification } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient } from './browser-like-client';
import { liveListing, seller, type Seller } from './fixtures/catalogue';
import { actOn, acted, queueOf, reportListing, targetOf, titledListing, uniqueWord } from './fixtures/moderation';
import { acted as orderActed, companySeller, placeOrder } from './fixtures/orders';
import { staffClient, type StaffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
let moderator: StaffClient;
let reporter: Seller;
let otherReporter: Seller;
/** The listing whose removal a listener of this file's fails (the rollback test). */
let failOnRemoving: number | undefined;

beforeAll(async () => {
  testApp = await createTestApp({}, (app) => {
    app.events.on('moderation.listing-removed', 'in-transaction', ({ listingId }) => {
      if (listingId === failOnRemoving) throw new Error('a listener of the removal failed');
      return Promise.resolve();
    });
  });
  await seedReferenceData(testApp.database.db);
  moderator = await staffClient(testApp.app, 'moderator');
  reporter = await seller(testApp);
  otherReporter = await seller(testApp);
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

async function notificationsOf(client: BrowserLikeClient): Promise<Notification[]> {
  return (await client.get('/api/notifications')).json<{ data: Notification[] }>().data;
}

const searchFinds = async (word: string) =>
  (await reporter.client.get(`/api/search?q=${word}`)).json<{ data: { id: number }[] }>().data.map((card) => card.id);

const listingRow = (id: number) =>
  db()
    .selectFrom('listings')
    .select(['status', 'moderated_at', 'moderation_reason', 'status_before_removal', 'reserved', 'ended_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('removing a listing', () => {
  it('takes it off search and its page at once, ends its open orders, and tells seller, buyers and reporters', async () => {
    const owner = await companySeller(testApp);
    // The seller reads Arabic: their notice and e-mail are in Arabic.
    expect((await owner.client.put('/api/locale', { locale: 'ar' })).statusCode).toBe(204);
    const word = uniqueWord();
    const listing = await titledListing(owner, word, { quantity: 2, negotiable: true });
    const [accepting, asking] = [await seller(testApp), await seller(testApp)];
    const accepted = await placeOrder(accepting.client, {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'pickup',
    });
    await orderActed(owner.client, accepted.id, 'accept');
    const requested = await placeOrder(asking.client, {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'pickup',
    });
    await reportListing(reporter.client, listing.id, 'counterfeit');
    await reportListing(otherReporter.client, listing.id, 'other', 'The same photos are on another site.');
    expect(await searchFinds(word)).toEqual([listing.id]);
    // The suggestions are kept for seconds: asked now, they must not outlive the removal.
    const suggested = await reporter.client.get(`/api/search/suggestions?q=${word}`);
    expect(suggested.json<{ data: { titles: string[] } }>().data.titles).toEqual([`Phone ${word} in good order`]);

    const note = 'Same photos as listing 12, seller asked for a deposit.';
    const target = await acted(moderator.client, 'listing', listing.id, {
      action: 'remove',
      reason: 'counterfeit',
      note,
    });
    expect(target).toMatchObject({
      state: 'removed',
      moderation_reason: 'counterfeit',
      actions: ['restore', 'warn', 'suspend'],
    });
    expect(target.reports.map((report) => report.outcome)).toEqual(['removed', 'removed']);
    expect(target.history[0]).toMatchObject({ action: 'listing.remove', reason: 'counterfeit', note });

    // Gone from search (the results, and the suggestions kept a moment ago) and from the seller's page.
    expect(await searchFinds(word)).toEqual([]);
    const after = await reporter.client.get(`/api/search/suggestions?q=${word}`);
    expect(after.json<{ data: { titles: string[] } }>().data.titles).toEqual([]);
    const sellerPage = await reporter.client.get(`/api/listings?seller=${owner.id}`);
    expect(sellerPage.json<{ data: { id: number }[] }>().data.map((card) => card.id)).not.toContain(listing.id);
    // Its page is gone, saying why, in the reader's language; its HTML page answers 410 too.
    const gone = await reporter.client.get(`/api/listings/${listing.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      message: 'This listing was removed by our moderators for a counterfeit item.',
      moderation_reason: 'counterfeit',
    });
    const arabic = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    const goneInArabic = await arabic.get(`/api/listings/${listing.id}`);
    expect(goneInArabic.statusCode).toBe(410);
    expect(goneInArabic.json()).toMatchObject({ message: 'أزال مشرفونا هذا الإعلان بسبب سلعة مقلّدة.' });
    expect((await arabic.visit(`/items/${listing.id}/${listing.slug}`)).statusCode).toBe(410);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(410);

    // The row: removed by moderation, with the state it had.
    expect(await listingRow(listing.id)).toMatchObject({
      status: 'removed',
      moderation_reason: 'counterfeit',
      status_before_removal: 'active',
      reserved: 0,
    });

    // Its open orders ended with the reason: the accepted one cancelled, the request declined.
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('listing_id', '=', listing.id)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: accepted.id, status: 'cancelled' },
      { id: requested.id, status: 'declined' },
    ]);
    for (const buyer of [accepting, asking]) {
      const told = (await notificationsOf(buyer.client)).find((each) => each.type === 'order.endedByModeration');
      expect(told).toMatchObject({
        title: `The order for “Phone ${word} in good order” was cancelled`,
        body: 'We removed the listing for a counterfeit item, so its order ended. Nothing is owed.',
      });
    }
    const lines = await db()
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select('messages.body')
      .where('conversations.listing_id', '=', listing.id)
      .where('messages.kind', '=', 'system')
      .execute();
    expect(lines.filter((line) => line.body.includes('"who":"moderation"'))).toHaveLength(2);

    // The seller: told in Arabic, with the reason and never the note, in the app and by e-mail.
    const notice = (await notificationsOf(owner.client)).find((each) => each.type === 'moderation.listingRemoved');
    expect(notice).toMatchObject({ title: `أزلنا إعلانك «Phone ${word} in good order»` });
    expect(notice?.body).toContain('سلعة مقلّدة');
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', owner.id)
      .where('template', '=', 'moderation.listingRemoved')
      .executeTakeFirstOrThrow();
    expect(mail.locale).toBe('ar');
    const composed = await testApp.app.notifications.compose(mail);
    // The Latin title isolated in the Arabic subject (FSI … PDI), so «» stay on their sides.
    expect(composed.subject).toBe(`أزلنا إعلانك «\u2068Phone ${word} in good order\u2069»`);
    expect(composed.text).toContain('أُزيل بسبب سلعة مقلّدة');
    expect(JSON.stringify(composed)).not.toContain('deposit');

    // Each reporter: told it was removed, never by whom.
    for (const each of [reporter, otherReporter]) {
      const outcome = (await notificationsOf(each.client)).find(
        (one) => one.type === 'moderation.reportOutcome' && one.data.title === `Phone ${word} in good order`,
      );
      expect(outcome).toMatchObject({
        title: `Your report of “Phone ${word} in good order”`,
        body: 'We removed it. Thank you for telling us.',
      });
      expect(JSON.stringify(outcome)).not.toContain('Amira');
    }

    // The seller's My listings shows it ended, removed, with nothing to do; resuming or editing it is 404.
    const ended = await owner.client.get('/api/me/listings?status=ended');
    const card = ended
      .json<{ data: { id: number; status: string; actions: string[] }[] }>()
      .data.find((each) => each.id === listing.id);
    expect(card).toMatchObject({ status: 'removed', actions: [] });
    expect((await owner.client.post(`/api/listings/${listing.id}/resume`)).statusCode).toBe(404);
    expect(
      (await owner.client.request('PATCH', `/api/listings/${listing.id}`, { title: 'Back again' })).statusCode,
    ).toBe(404);

    // The audit row, in the same transaction as the change: who, what, before and after, reason and note.
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'listing')
      .where('target_id', '=', listing.id)
      .execute();
    expect(audit).toMatchObject([
      {
        actor_id: moderator.user.id,
        actor_role: 'moderator',
        action: 'listing.remove',
        before: { status: 'active' },
        after: { status: 'removed', moderation_reason: 'counterfeit' },
        reason: 'counterfeit',
        note,
      },
    ]);
    // It has left the queue.
    const queue = queueOf(await moderator.client.get('/api/admin/moderation?type=listing'));
    expect(queue.data.some((item) => item.id === listing.id)).toBe(false);
  });

  it('rolls everything back when one of its listeners fails: no change, no audit row, nobody told', async () => {
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    await reportListing(reporter.client, listing.id, 'scam');
    failOnRemoving = listing.id;
    try {
      const failed = await actOn(moderator.client, 'listing', listing.id, { action: 'remove', reason: 'scam' });
      expect(failed.statusCode).toBe(500);
    } finally {
      failOnRemoving = undefined;
    }
    expect(await listingRow(listing.id)).toMatchObject({ status: 'active', moderated_at: null });
    const audit = await db().selectFrom('audit_log').select('id').where('target_id', '=', listing.id).execute();
    expect(audit).toEqual([]);
    const reports = await db()
      .selectFrom('listing_reports')
      .select(['resolved_at', 'outcome'])
      .where('listing_id', '=', listing.id)
      .execute();
    expect(reports).toEqual([{ resolved_at: null, outcome: null }]);
    expect((await notificationsOf(owner.client)).some((each) => each.type.startsWith('moderation.'))).toBe(false);
    expect((await reporter.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(200);
  });
});

describe('restoring a listing', () => {
  it('puts it back as it was, in search again, and tells the seller; restoring again is a 409', async () => {
    const owner = await seller(testApp);
    const word = uniqueWord();
    const listing = await titledListing(owner, word);
    await acted(moderator.client, 'listing', listing.id, { action: 'remove', reason: 'misleading' });
    expect(await searchFinds(word)).toEqual([]);
    const target = await acted(moderator.client, 'listing', listing.id, { action: 'restore', reason: 'mistake' });
    expect(target).toMatchObject({ state: 'active', moderation_reason: null, actions: ['remove', 'warn', 'suspend'] });
    expect(await listingRow(listing.id)).toMatchObject({
      status: 'active',
      moderated_at: null,
      moderation_reason: null,
      status_before_removal: null,
      ended_at: null,
    });
    expect(await searchFinds(word)).toEqual([listing.id]);
    expect((await reporter.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(200);
    const told = (await notificationsOf(owner.client)).find((each) => each.type === 'moderation.listingRestored');
    expect(told).toMatchObject({ title: `Your listing “Phone ${word} in good order” is back` });
    const history = await owner.client.get(`/api/listings/${listing.id}/history`);
    expect(history.json<{ data: { type: string; actor: unknown }[] }>().data.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'resumed', actor: null }),
      expect.objectContaining({ type: 'removed', actor: null }),
    ]);

    const again = await actOn(moderator.client, 'listing', listing.id, { action: 'restore', reason: 'mistake' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This listing was not removed by a moderator, so there is nothing to restore.',
    });
  });

  it('pauses one that was reserved (its orders were cancelled), and expires one whose time ran out', async () => {
    const owner = await seller(testApp);
    const reserved = await liveListing(owner);
    const buyer = await seller(testApp);
    const order = await placeOrder(buyer.client, { listing_id: reserved.id, kind: 'buy', delivery_method: 'pickup' });
    await orderActed(owner.client, order.id, 'accept');
    expect((await listingRow(reserved.id)).status).toBe('reserved');
    await acted(moderator.client, 'listing', reserved.id, { action: 'remove', reason: 'scam' });
    await acted(moderator.client, 'listing', reserved.id, { action: 'restore', reason: 'appeal_accepted' });
    expect(await listingRow(reserved.id)).toMatchObject({ status: 'paused', reserved: 0, ended_at: null });

    const lapsed = await liveListing(owner);
    await acted(moderator.client, 'listing', lapsed.id, { action: 'remove', reason: 'scam' });
    const past = new Date(Date.now() - 3600_000);
    await db().updateTable('listings').set({ expires_at: past }).where('id', '=', lapsed.id).execute();
    await acted(moderator.client, 'listing', lapsed.id, { action: 'restore', reason: 'appeal_accepted' });
    const row = await listingRow(lapsed.id);
    expect(row).toMatchObject({ status: 'expired' });
    expect(row.ended_at?.getTime()).toBe(past.getTime());
  });
});

describe('actions out of turn, and reasons that do not fit', () => {
  it('answers 409 with what stands in the way', async () => {
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    const conflicts = [
      [
        { action: 'restore', reason: 'mistake' },
        'This listing was not removed by a moderator, so there is nothing to restore.',
      ],
      [{ action: 'dismiss', reason: 'no_violation' }, 'There are no open reports to dismiss.'],
      [{ action: 'lift', reason: 'mistake' }, 'This account is not suspended, so there is nothing to lift.'],
    ] as const;
    for (const [body, words] of conflicts) {
      const response = await actOn(moderator.client, 'listing', listing.id, body);
      expect(response.statusCode, body.action).toBe(409);
      expect(response.json()).toEqual({ message: words });
    }
    await acted(moderator.client, 'listing', listing.id, { action: 'remove', reason: 'spam' });
    const twice = await actOn(moderator.client, 'listing', listing.id, { action: 'remove', reason: 'spam' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'This listing cannot be removed: it is already removed, or a draft nobody sees.',
    });
    // One its seller deleted is theirs: neither removed again nor restored by moderation.
    const deleted = await liveListing(owner);
    expect((await owner.client.request('DELETE', `/api/listings/${deleted.id}`)).statusCode).toBe(204);
    for (const action of ['remove', 'restore'] as const) {
      const response = await actOn(moderator.client, 'listing', deleted.id, {
        action,
        reason: action === 'remove' ? 'spam' : 'mistake',
      });
      expect(response.statusCode, action).toBe(409);
    }
    const screen = targetOf(await moderator.client.get(`/api/admin/moderation/listing/${deleted.id}`));
    expect(screen).toMatchObject({ state: 'removed', moderation_reason: null, actions: ['warn', 'suspend'] });
  });

  it('answers 422 for a reason that is not one of the action’s, days beside anything but a suspension, an action not for the target', async () => {
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    const cases = [
      [{ action: 'remove', reason: 'no_violation' }, 'reason'],
      [{ action: 'dismiss', reason: 'scam' }, 'reason'],
      [{ action: 'warn', reason: 'spam', days: 3 }, 'days'],
      [{ action: 'suspend', reason: 'spam', days: 0 }, 'days'],
      [{ action: 'suspend', reason: 'spam', days: 3651 }, 'days'],
      [{ action: 'ban', reason: 'spam' }, 'action'],
      [{ action: 'warn', reason: 'spam', note: 'x'.repeat(1001) }, 'note'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await actOn(moderator.client, 'listing', listing.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
    }
    const notForPeople = await actOn(moderator.client, 'user', owner.id, { action: 'remove', reason: 'spam' });
    expect(notForPeople.statusCode).toBe(422);
    expect(notForPeople.json()).toMatchObject({
      errors: { action: ['That action does not apply to this kind of report.'] },
    });
    expect(await listingRow(listing.id)).toMatchObject({ status: 'active' });
  });
});

describe('dismissing reports', () => {
  it('closes the open reports, leaves the listing as it is, and tells each reporter there was no breach', async () => {
    const owner = await seller(testApp);
    const word = uniqueWord();
    const listing = await titledListing(owner, word);
    await reportListing(reporter.client, listing.id, 'misleading');
    await reportListing(otherReporter.client, listing.id, 'scam');
    const target = await acted(moderator.client, 'listing', listing.id, {
      action: 'dismiss',
      reason: 'not_enough_evidence',
      note: 'Photos match the model.',
    });
    expect(target.reports.map((report) => report.outcome)).toEqual(['dismissed', 'dismissed']);
    expect(target.actions).toEqual(['remove', 'warn', 'suspend']);
    expect(target.history[0]).toMatchObject({ action: 'listing.dismiss', reason: 'not_enough_evidence' });
    const rows = await db()
      .selectFrom('listing_reports')
      .select(['resolved_by', 'outcome'])
      .where('listing_id', '=', listing.id)
      .execute();
    expect(rows).toEqual([
      { resolved_by: moderator.user.id, outcome: 'dismissed' },
      { resolved_by: moderator.user.id, outcome: 'dismissed' },
    ]);
    expect(await searchFinds(word)).toEqual([listing.id]);
    for (const each of [reporter, otherReporter]) {
      const outcome = (await notificationsOf(each.client)).find(
        (one) => one.type === 'moderation.reportOutcome' && one.data.title === `Phone ${word} in good order`,
      );
      expect(outcome?.body).toBe('We looked at it and found no breach of our rules. Thank you for telling us.');
    }
    // The seller hears nothing of reports that came to nothing.
    expect((await notificationsOf(owner.client)).some((each) => each.type.startsWith('moderation.'))).toBe(false);
    // A new report opens it again.
    const third = await seller(testApp);
    await reportListing(third.client, listing.id, 'duplicate');
    const queue = queueOf(await moderator.client.get('/api/admin/moderation?type=listing'));
    expect(queue.data.find((item) => item.id === listing.id)).toMatchObject({
      open_reports: 1,
      reasons: ['duplicate'],
    });
  });
});
