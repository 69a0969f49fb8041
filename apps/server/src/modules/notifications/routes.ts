import {
  API_MESSAGES,
  encodeMessage,
  isLockedSetting,
  message,
  notificationChannels,
  NOTIFICATIONS_ROUTES,
  realtimeChannels,
  decodePageCursor,
  encodePageCursor,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { originatingSocketId } from '../../realtime/originating-socket';
import type { SettingChange } from './notification-settings';
import { toNotification } from './notifications-repository';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * The signed-in user's notifications and their settings (decision 019): the bell's list and count,
 * marking read, and the switches per category and channel. Another user's notification is a 404.
 */
export function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const { repository, settings } = app.notifications;

  /** The user's other tabs and devices update their badge; the tab that read (or looked) already knows. */
  const announceRead = async (request: FastifyRequest, userId: number) => {
    await app.realtime.publish(
      realtimeChannels.user(userId),
      'notifications.read',
      { unread_count: await repository.unreadCount(userId) },
      { exceptSocketId: originatingSocketId(request) },
    );
  };

  route(app, NOTIFICATIONS_ROUTES.list, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const { unread, cursor, limit } = request.query;
    const before = cursor === undefined ? undefined : decodePageCursor(NOTIFICATIONS_ROUTES.list.cursor, cursor);
    if (cursor !== undefined && before === undefined) {
      throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
    }
    const page = await repository.page(user.id, { unreadOnly: unread === '1' || unread === 'true', before, limit });
    return {
      data: page.rows.map((row) => toNotification(request.translator, row)),
      next_cursor:
        page.nextBefore === null ? null : encodePageCursor(NOTIFICATIONS_ROUTES.list.cursor, page.nextBefore),
      unread_count: await repository.unreadCount(user.id),
    };
  });

  route(app, NOTIFICATIONS_ROUTES.unreadCount, { onRequest: requireUser }, async (request) => ({
    data: { unread_count: await repository.unreadCount(signedInUser(request).id) },
  }));

  route(app, NOTIFICATIONS_ROUTES.read, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const row = await repository.markRead(user.id, request.params.id);
    if (!row) throw notFound();
    await announceRead(request, user.id);
    return { data: toNotification(request.translator, row) };
  });

  route(app, NOTIFICATIONS_ROUTES.readAll, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    await repository.markAllRead(user.id);
    await announceRead(request, user.id);
    return { data: { unread_count: await repository.unreadCount(user.id) } };
  });

  /** Opening the bell's list or /notifications: the badge goes to zero here and in the user's other tabs. */
  route(app, NOTIFICATIONS_ROUTES.seen, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    await repository.markSeen(user.id, request.body.up_to);
    await announceRead(request, user.id);
    return { data: { unread_count: await repository.unreadCount(user.id) } };
  });

  route(app, NOTIFICATIONS_ROUTES.settings, { onRequest: requireUser }, async (request) => ({
    data: await settings.list(signedInUser(request).id),
  }));

  route(app, NOTIFICATIONS_ROUTES.changeSettings, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const changes: SettingChange[] = [];
    const refused: Record<string, string[]> = {};
    request.body.settings.forEach((setting, index) => {
      for (const channel of notificationChannels) {
        const enabled = setting[channel];
        if (enabled === undefined) continue;
        if (!enabled && isLockedSetting(setting.category, channel)) {
          refused[`settings.${index}.${channel}`] = [encodeMessage(message('notifications.accountEmailRequired'))];
        } else if (enabled && setting.category === 'news' && channel === 'email' && !user.email_verified) {
          // News by e-mail is the newsletter (decision 037): an address nobody proved is not put on a list.
          refused[`settings.${index}.${channel}`] = [encodeMessage(message('notifications.newsNeedsVerifiedEmail'))];
        } else {
          changes.push({ category: setting.category, channel, enabled });
        }
      }
    });
    if (Object.keys(refused).length > 0) throw new ValidationError(refused);
    await settings.change(user.id, changes);
    return { data: await settings.list(user.id) };
  });

  return Promise.resolve();
}
