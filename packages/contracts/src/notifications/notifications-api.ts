import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { isBigintIdText } from '../rules/column-ranges';
import { notificationCategories } from './notification-kinds';

/** A page of this site a notification links to: printable ASCII (anything else percent-encoded), never `//host`. */
export const NOTIFICATION_PATH_PATTERN = /^\/(?![/\\])[\x21-\x7E]{0,299}$/;

export const NOTIFICATIONS_PAGE_SIZE = { default: 20, max: 50 } as const;

const invalid = () => encodeMessage(message('laravel.invalidValue'));

/** GET /api/notifications: newest first; `unread=1` leaves out those already read. */
export const notificationsQuerySchema = z.object({
  unread: z.optional(z.enum(['1', '0', 'true', 'false'], { error: invalid })),
  /** The last notification's id: a bigint, read exactly (a larger one names none). */
  cursor: z.optional(z.string({ error: invalid }).check(z.refine(isBigintIdText, { error: invalid }))),
  limit: z.optional(
    z.pipe(
      z.string({ error: invalid }).check(z.regex(/^[0-9]{1,3}$/, { error: invalid })),
      z.pipe(
        z.transform(Number),
        z.int().check(z.gte(1, { error: invalid }), z.lte(NOTIFICATIONS_PAGE_SIZE.max, { error: invalid })),
      ),
    ),
  ),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationSchema = z.object({
  id: z.number(),
  category: z.enum(notificationCategories),
  type: z.string(),
  /** Worded by the server in the request's language, from the type's messages and the data. */
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The page it is about, on this site (`/items/12/…`), or null. */
  path: z.nullable(z.string()),
  created_at: z.string(),
  read_at: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A page of notifications, where the next starts (null on the last), and the bell's badge
 * (`unread_count`: see unreadCountResponseSchema).
 */
export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  next_cursor: z.nullable(z.string()),
  unread_count: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationResponseSchema = z.object({ data: notificationSchema });

/**
 * The bell's badge: the unread notifications the user has not seen yet, those newer than the newest
 * one shown when they last opened the bell's list or /notifications (issue 32). Each stays unread
 * until it is opened or marked; the badge only counts what is new since the user last looked.
 */
export const unreadCountResponseSchema = z.object({ data: z.object({ unread_count: z.number() }) });
export type UnreadCount = z.infer<typeof unreadCountResponseSchema>['data'];

/**
 * POST /api/notifications/seen: the newest notification the list on screen shows; it and every
 * older one are seen (the badge drops them). A newer one, arrived since, still counts.
 */
export const notificationsSeenSchema = z.strictObject(
  {
    up_to: z
      .int({ error: invalid })
      .check(z.gte(1, { error: invalid }), z.lte(Number.MAX_SAFE_INTEGER, { error: invalid })),
  },
  { error: invalid },
);
export type NotificationsSeen = z.input<typeof notificationsSeenSchema>;

export const notificationSettingSchema = z.object({
  category: z.enum(notificationCategories),
  in_app: z.boolean(),
  email: z.boolean(),
  /** True where the e-mail switch cannot be turned off (account e-mails). */
  email_locked: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** Every category, in the order the settings page lists them. */
export const notificationSettingsResponseSchema = z.object({ data: z.array(notificationSettingSchema) });

/** PUT /api/notifications/settings: the switches to change; those not named stay as they are. */
export const notificationSettingsUpdateSchema = z.strictObject(
  {
    settings: z
      .array(
        z.strictObject(
          {
            category: z.enum(notificationCategories, { error: invalid }),
            in_app: z.optional(z.boolean({ error: invalid })),
            email: z.optional(z.boolean({ error: invalid })),
          },
          { error: invalid },
        ),
        { error: invalid },
      )
      .check(z.minLength(1, { error: invalid }), z.maxLength(notificationCategories.length * 2, { error: invalid })),
  },
  { error: invalid },
);
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdateSchema>;

/**
 * POST /api/notifications/unsubscribe: the token from the e-mail's link (in the query string, as
 * mail clients post to the List-Unsubscribe address, or in the body) and RFC 8058's form field.
 */
export const unsubscribeRequestSchema = z.looseObject({
  token: z.optional(z.string({ error: invalid }).check(z.maxLength(200, { error: invalid }))),
});
export const unsubscribeQuerySchema = z.looseObject({
  token: z.optional(z.string({ error: invalid }).check(z.maxLength(200, { error: invalid }))),
});

export const unsubscribeResponseSchema = z.object({
  data: z.object({ category: z.enum(notificationCategories), email: z.literal(false) }),
});

/** POST /api/test/notifications (development and tests only). */
export const testNotificationSchema = z.strictObject(
  {
    category: z.optional(z.enum(notificationCategories, { error: invalid })),
    path: z.optional(z.string({ error: invalid }).check(z.regex(NOTIFICATION_PATH_PATTERN, { error: invalid }))),
  },
  { error: invalid },
);
