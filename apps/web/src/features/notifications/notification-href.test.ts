import { matchPage } from '@marketplace/contracts/pages';
import { describe, expect, it } from 'vitest';
import { notificationHref } from './notification-href';

describe('where a notification leads', () => {
  it('an order’s notification opens the order’s page, which the app has', () => {
    const href = notificationHref({ path: '/orders/31' });
    expect(href).toBe('/orders/31');
    expect(matchPage(href)).toEqual({ page: 'order', params: { id: 31 } });
  });

  it('one without a page opens the list of notifications', () => {
    expect(notificationHref({ path: null })).toBe('/notifications');
  });
});
