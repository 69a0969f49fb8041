import type { Notification, NotificationSetting } from '@marketplace/contracts';
import { vi } from 'vitest';
import type { ChannelOf, RealtimeHandlers } from '../lib/realtime-client';

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 5,
    category: 'orders',
    type: 'test',
    title: 'Your order was accepted',
    body: 'Arrange the pickup with the seller.',
    data: {},
    path: '/items/7/iphone-13',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null,
    ...overrides,
  };
}

/** The settings as a new account has them: everything on but news, account e-mail locked on. */
export function defaultSettings(): NotificationSetting[] {
  return (['messages', 'orders', 'saved', 'listings', 'account', 'news'] as const).map((category) => ({
    category,
    in_app: category !== 'news',
    email: category !== 'news',
    email_locked: category === 'account',
  }));
}

/**
 * A fake lib/realtime for one test file, recording who listens where:
 *
 *   const realtime = vi.hoisted(() => ({ listening: [] as Listening[] }));
 *   vi.mock('../lib/realtime', async () =>
 *     (await import('../test/notification-fixtures')).realtimeModule(realtime.listening));
 *
 * and `deliver` plays an event to the channel's active listeners, as the server's would arrive.
 */
export interface Listening {
  channel: string;
  handlers: RealtimeHandlers;
  stopped: boolean;
}

export async function realtimeModule(listening: Listening[]) {
  const { realtimeChannels } = await import('@marketplace/contracts/realtime-essentials');
  return {
    listen: (channelOf: ChannelOf, handlers: RealtimeHandlers) => {
      const entry = { channel: channelOf(realtimeChannels), handlers, stopped: false };
      listening.push(entry);
      return () => {
        entry.stopped = true;
      };
    },
    disconnectRealtime: vi.fn(),
  };
}

export function deliver<E extends keyof RealtimeHandlers>(
  listening: Listening[],
  channel: string,
  event: E,
  data: Parameters<NonNullable<RealtimeHandlers[E]>>[0],
) {
  for (const entry of listening.filter((item) => !item.stopped && item.channel === channel)) {
    (entry.handlers[event] as ((value: typeof data) => void) | undefined)?.(data);
  }
}
