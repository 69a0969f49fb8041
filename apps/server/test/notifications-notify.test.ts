import { realtimeChannels } from '@marketplace/contracts';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../src/modules/notifications/notify';
import { signedInClient, type BrowserLikeClient } from './browser-like-client';
import {
  connected,
  nextEvent,
  pusherClients,
  startRealtimeApp,
  subscribed,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';

let testApp: RealtimeTestApp;
const open = pusherClients();

beforeAll(async () => {
  testApp = await startRealtimeApp();
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const rowsOf = async (userId: number) => ({
  notifications: await db()
    .selectFrom('notifications')
    .select(['type', 'category'])
    .where('user_id', '=', userId)
    .execute(),
  outbox: await db().selectFrom('mail_outbox').select(['template', 'category']).where('user_id', '=', userId).execute(),
});

/** A tab of the user listening on their private channel, recording what it hears. */
async function openTab(client: BrowserLikeClient, userId: number) {
  const pusher = open(testApp.port, viaSession(client));
  const socketId = await connected(pusher);
  const channel: Channel = pusher.subscribe(realtimeChannels.user(userId));
  await subscribed(channel);
  const heard: { event: string; data: unknown }[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher:') && event !== 'test.marker') heard.push({ event, data });
  });
  return { socketId, channel, heard };
}

/** Everything published before this marker has arrived once it has: events arrive in order. */
async function drained(userId: number, channel: Channel) {
  const arrival = nextEvent(channel, 'test.marker');
  await testApp.sdk.trigger(realtimeChannels.user(userId), 'test.marker', {});
  await arrival;
}

const event = (userId: number, overrides: Partial<NotificationEvent> = {}): NotificationEvent => ({
  userId,
  category: 'listings',
  type: 'listing.expired',
  data: { title: 'Red bike' },
  path: '/account/items',
  ...overrides,
});

describe('notify()', () => {
  it('writes the notification and its e-mail in the caller’s transaction: a rollback takes both away', async () => {
    const { user } = await signedInClient(testApp.app);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set({ first_name: 'Changed' }).where('id', '=', user.id).execute();
          const notified = await testApp.app.notifications.notify(trx, event(user.id));
          expect(notified.notificationId).toEqual(expect.any(Number));
          expect(notified.outboxId).toEqual(expect.any(Number));
          // Inside the transaction they are there...
          expect(
            await trx.selectFrom('mail_outbox').select('id').where('user_id', '=', user.id).execute(),
          ).toHaveLength(1);
          throw new Error('the feature’s change failed');
        }),
    ).rejects.toThrow('the feature’s change failed');
    // ...and with its rollback, gone, with the change that caused them.
    expect(await rowsOf(user.id)).toEqual({ notifications: [], outbox: [] });

    await db()
      .transaction()
      .execute((trx) => testApp.app.notifications.notify(trx, event(user.id)));
    expect(await rowsOf(user.id)).toEqual({
      notifications: [{ type: 'listing.expired', category: 'listings' }],
      outbox: [{ template: 'listing.expired', category: 'listings' }],
    });
  });

  it('stores and mails an event once however often a feature publishes it under the same key', async () => {
    const { user } = await signedInClient(testApp.app);
    for (let time = 0; time < 3; time += 1) {
      await testApp.app.notifications.transaction((_trx, notify) =>
        notify(event(user.id, { key: `listing.expired:12:${user.id}` })),
      );
    }
    const { notifications, outbox } = await rowsOf(user.id);
    expect([notifications.length, outbox.length]).toEqual([1, 1]);
  });

  it('pushes the new notification and the unread count to the user’s tabs after commit, and nothing on rollback', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const tab = await openTab(client, user.id);

    await expect(
      testApp.app.notifications.transaction(async (_trx, notify) => {
        await notify(event(user.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await drained(user.id, tab.channel);
    expect(tab.heard).toEqual([]);

    const arrival = nextEvent(tab.channel, 'notification.created');
    const notified = await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));
    expect(await arrival).toEqual({ notification_id: notified.notificationId, unread_count: 1 });
    const second = await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));
    await drained(user.id, tab.channel);
    expect(tab.heard.at(-1)).toEqual({
      event: 'notification.created',
      data: { notification_id: second.notificationId, unread_count: 2 },
    });
  });

  it('tells the user’s other tabs the new count when notifications are read, not the tab that read them', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const readingTab = await openTab(client, user.id);
    const otherTab = await openTab(client, user.id);
    const first = await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));
    await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));

    const afterOne = nextEvent(otherTab.channel, 'notifications.read');
    await client.request('POST', `/api/notifications/${first.notificationId}/read`, undefined, {
      headers: { 'x-socket-id': readingTab.socketId },
    });
    expect(await afterOne).toEqual({ unread_count: 1 });
    const afterAll = nextEvent(otherTab.channel, 'notifications.read');
    await client.request('POST', '/api/notifications/read-all', undefined, {
      headers: { 'x-socket-id': readingTab.socketId },
    });
    expect(await afterAll).toEqual({ unread_count: 0 });
    await drained(user.id, readingTab.channel);
    expect(readingTab.heard.filter((heard) => heard.event === 'notifications.read')).toEqual([]);
  });

  it('clears the badge in the user’s other tabs when one opens the list, not in the tab that looked', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const lookingTab = await openTab(client, user.id);
    const otherTab = await openTab(client, user.id);
    await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));
    const newest = await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));

    const cleared = nextEvent(otherTab.channel, 'notifications.read');
    await client.request(
      'POST',
      '/api/notifications/seen',
      { up_to: newest.notificationId },
      { headers: { 'x-socket-id': lookingTab.socketId } },
    );
    expect(await cleared).toEqual({ unread_count: 0 });
    await drained(user.id, lookingTab.channel);
    expect(lookingTab.heard.filter((heard) => heard.event === 'notifications.read')).toEqual([]);
    // One arriving after the look raises the badge again, everywhere.
    const raised = nextEvent(otherTab.channel, 'notification.created');
    const later = await testApp.app.notifications.transaction((_trx, notify) => notify(event(user.id)));
    expect(await raised).toEqual({ notification_id: later.notificationId, unread_count: 1 });
  });

  it('links only to pages of this site, and drops what PostgreSQL cannot store', async () => {
    const { user } = await signedInClient(testApp.app);
    for (const path of ['//evil.example/login', 'https://evil.example', '/items/1\u0000', '/\\evil.example']) {
      await testApp.app.notifications.transaction((_trx, notify) =>
        notify(event(user.id, { path, data: { title: 'Bike\u0000' } })),
      );
    }
    const stored = await db()
      .selectFrom('notifications')
      .select(['path', 'data'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual(Array.from({ length: 4 }, () => ({ path: null, data: { title: 'Bike' } })));
  });

  it('makes no notification for a user who is gone', async () => {
    const notified = await testApp.app.notifications.transaction((_trx, notify) => notify(event(2_000_000_000)));
    expect(notified).toEqual({ userId: 2_000_000_000, notificationId: null, outboxId: null });
  });
});
