import { describe, expect, it } from 'vitest';
import { isRealtimeEventData, isRealtimeEventName, realtimeChannels } from './realtime-essentials';
import { QUEUE_CHANGED_EVENT, STAFF_CHANNEL } from './staff/moderation';

describe('the data of a real-time event', () => {
  it('takes a count from zero up, and an id from one up', () => {
    expect(isRealtimeEventData('notifications.read', { unread_count: 0 })).toBe(true);
    expect(isRealtimeEventData('notification.created', { notification_id: 7, unread_count: 3 })).toBe(true);
    expect(isRealtimeEventData('notification.created', { notification_id: 0, unread_count: 3 })).toBe(false);
    expect(isRealtimeEventData('notifications.read', { unread_count: -1 })).toBe(false);
    expect(isRealtimeEventData('notifications.read', { unread_count: 1.5 })).toBe(false);
    expect(isRealtimeEventData('notifications.read', { unread_count: '2' })).toBe(false);
    expect(isRealtimeEventData('notification.created', { unread_count: 2 })).toBe(false);
  });
});

describe('the staff channel', () => {
  it('is the one the moderation contract names, and its event is in the table pages listen by', () => {
    expect(realtimeChannels.staff()).toBe(STAFF_CHANNEL);
    expect(isRealtimeEventName(QUEUE_CHANGED_EVENT)).toBe(true);
    expect(isRealtimeEventData(QUEUE_CHANGED_EVENT, { type: 'listing', id: 5 })).toBe(true);
  });
});
