import {
  API_MESSAGES,
  encodeMessage,
  isLockedSetting,
  message,
  notificationChannels,
  notificationPageSchema,
  notificationResponseSchema,
  NOTIFICATIONS_API,
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  realtimeChannels,
  unreadCountResponseSchema,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError, type ZodTypeProvider } from '../../plugins/validation';
import { originatingSocketId } from '../../realtime/originating-socket';
import type { SettingChange } from './notification-settings';
import { toNotification } from './notifications-repository';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/** A notification id in an address: anything else names none (404, not 422). */
function idParam(request: FastifyRequest): number {
  const text = (request.params as Record<string, string | undefined>).id ?? '';
  const id = /^[1-9][0-9]{0,17}$/.test(text) ? Number(text) : 0;
  if (id < 1 || !Number.isSafeInteger(id)) throw notFound();
  return id;
}

/**
 * The signed-in user's notifications and their settings (decision 019): the bell's list and count,
 * marking read, and the switches per category and channel. Another user's notification is a 404.
 */
export function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const { repository, settings } = app.notifications;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The user's other tabs and devices update their badge; the tab that read already knows. */
  const announceRead = async (request: FastifyRequest, userId: number) => {
    await app.realtime.publish(
      realtimeChannels.user(userId),
      'notifications.read',
      { unread_count: await repository.unreadCount(userId) },
      { exceptSocketId: originatingSocketId(request) },
    );
  };

  routes.get(
    NOTIFICATIONS_API.list,
    {
      onRequest: requireUser,
      schema: { querystring: notificationsQuerySchema, response: { 200: notificationPageSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const { unread, cursor, limit } = request.query;
      const before = cursor === undefined ? undefined : Number(cursor);
      if (before !== undefined && !Number.isSafeInteger(before)) {
        throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
      }
      const page = await repository.page(user.id, { unreadOnly: unread === '1' || unread === 'true', before, limit });
      return {
        data: page.rows.map((row) => toNotification(request.translator, row)),
        next_cursor: page.nextBefore === null ? null : String(page.nextBefore),
        unread_count: await repository.unreadCount(user.id),
      };
    },
  );

  routes.get(
    NOTIFICATIONS_API.unreadCount,
    { onRequest: requireUser, schema: { response: { 200: unreadCountResponseSchema } } },
    async (request) => ({ data: { unread_count: await repository.unreadCount(signedInUser(request).id) } }),
  );

  routes.post(
    '/api/notifications/:id/read',
    { onRequest: requireUser, schema: { response: { 200: notificationResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const row = await repository.markRead(user.id, idParam(request));
      if (!row) throw notFound();
      await announceRead(request, user.id);
      return { data: toNotification(request.translator, row) };
    },
  );

  routes.post(
    NOTIFICATIONS_API.readAll,
    { onRequest: requireUser, schema: { response: { 200: unreadCountResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      await repository.markAllRead(user.id);
      await announceRead(request, user.id);
      return { data: { unread_count: await repository.unreadCount(user.id) } };
    },
  );

  routes.get(
    NOTIFICATIONS_API.settings,
    { onRequest: requireUser, schema: { response: { 200: notificationSettingsResponseSchema } } },
    async (request) => ({ data: await settings.list(signedInUser(request).id) }),
  );

  routes.put(
    NOTIFICATIONS_API.settings,
    {
      onRequest: requireUser,
      schema: { body: notificationSettingsUpdateSchema, response: { 200: notificationSettingsResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const changes: SettingChange[] = [];
      const refused: Record<string, string[]> = {};
      request.body.settings.forEach((setting, index) => {
        for (const channel of notificationChannels) {
          const enabled = setting[channel];
          if (enabled === undefined) continue;
          if (!enabled && isLockedSetting(setting.category, channel)) {
            refused[`settings.${index}.${channel}`] = [encodeMessage(message('notifications.accountEmailRequired'))];
          } else {
            changes.push({ category: setting.category, channel, enabled });
          }
        }
      });
      if (Object.keys(refused).length > 0) throw new ValidationError(refused);
      await settings.change(user.id, changes);
      return { data: await settings.list(user.id) };
    },
  );

  return Promise.resolve();
}
