import { realtimeChannels } from '@marketplace/contracts';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { signedInClient, type BrowserLikeClient } from './browser-like-client';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
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
  await seedReferenceData(testApp.database.db);
});
afterAll(() => testApp.close());

/** A tab of `client`'s user listening on their private channel; records every profile.updated it gets. */
async function openTab(client: BrowserLikeClient, userId: number) {
  const pusher = open(testApp.port, viaSession(client));
  const socketId = await connected(pusher);
  const channel: Channel = pusher.subscribe(realtimeChannels.user(userId));
  await subscribed(channel);
  const received: unknown[] = [];
  channel.bind('profile.updated', (data: unknown) => received.push(data));
  return { socketId, channel, received };
}

/** Everything sent before this marker has arrived once it has: events are delivered in order. */
async function drained(userId: number, ...tabs: { channel: Channel }[]) {
  const arrivals = tabs.map((tab) => nextEvent(tab.channel, 'test.marker'));
  await testApp.sdk.trigger(realtimeChannels.user(userId), 'test.marker', {});
  await Promise.all(arrivals);
}

describe('saving the profile in real time', () => {
  it("tells the user's other tabs, not the tab that saved, and no other user", async () => {
    const owner = await signedInClient(testApp.app);
    const stranger = await signedInClient(testApp.app);
    const savingTab = await openTab(owner.client, owner.user.id);
    const otherTab = await openTab(owner.client, owner.user.id);
    const strangersTab = await openTab(stranger.client, stranger.user.id);
    const dubai = cityNamed(await fetchCities(owner.client), 'Dubai');

    const arrived = nextEvent(otherTab.channel, 'profile.updated');
    const saved = await owner.client.request('PUT', '/user/profile', validProfileUpdate(dubai), {
      headers: { 'x-socket-id': savingTab.socketId },
    });
    expect(saved.statusCode).toBe(200);
    expect(await arrived).toEqual({ user_id: owner.user.id });

    await drained(owner.user.id, savingTab, otherTab);
    await drained(stranger.user.id, strangersTab);
    expect(savingTab.received).toEqual([]);
    expect(otherTab.received).toEqual([{ user_id: owner.user.id }]);
    expect(strangersTab.received).toEqual([]);
  });

  it('says nothing when the save is refused', async () => {
    const owner = await signedInClient(testApp.app);
    const tab = await openTab(owner.client, owner.user.id);
    const refused = await owner.client.put('/user/profile', { first_name: '' });
    expect(refused.statusCode).toBe(422);
    await drained(owner.user.id, tab);
    expect(tab.received).toEqual([]);
  });
});
