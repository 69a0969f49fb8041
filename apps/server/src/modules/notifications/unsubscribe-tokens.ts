import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationCategory, type NotificationCategory } from '@marketplace/contracts';

export interface UnsubscribeGrant {
  userId: number;
  category: NotificationCategory;
}

const TOKEN = /^([1-9][0-9]{0,9})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/;

/**
 * One-click unsubscribe tokens: `user.category.signature`, an HMAC-SHA256 of both under a key
 * derived from the app's secret. Anyone holding one may turn off that user's e-mails of that
 * category, and nothing else; they do not expire, as an old e-mail's link must keep working.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    // Its own key, so a signature made here means nothing anywhere else the secret is used.
    this.key = createHmac('sha256', appSecret).update('marketplace unsubscribe tokens').digest();
  }

  sign(userId: number, category: NotificationCategory): string {
    return `${userId}.${category}.${this.signature(userId, category)}`;
  }

  /** The grant a token carries, or null for anything not signed here. */
  verify(token: string | undefined): UnsubscribeGrant | null {
    const match = TOKEN.exec(token ?? '');
    if (!match) return null;
    const [, idText = '', category = '', given = ''] = match;
    const userId = Number(idText);
    if (!isNotificationCategory(category) || userId > 2_147_483_647) return null;
    const expected = Buffer.from(this.signature(userId, category));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? { userId, category } : null;
  }

  private signature(userId: number, category: NotificationCategory): string {
    return createHmac('sha256', this.key).update(`${userId}|${category}`).digest('base64url');
  }
}
