import { describe, expect, it } from 'vitest';
import { isRealtimeEventData } from './realtime-essentials';

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
