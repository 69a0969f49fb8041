import {
  isNotificationType,
  message,
  NOTIFICATION_CATEGORY_LABELS,
  notificationTypes,
  type NotificationCategory,
  type NotificationData,
  type Translator,
} from '@marketplace/contracts';

export interface NotificationText {
  title: string;
  body: string;
}

/**
 * A notification in the reader's language, from its type's messages and its data; every message may
 * also name the category. A type this version does not know (written by a newer one), or data that
 * lacks a placeholder, still reads as its category rather than failing the whole list.
 */
export function notificationText(
  translator: Translator,
  { type, category, data }: { type: string; category: NotificationCategory; data: NotificationData },
): NotificationText {
  const label = message(NOTIFICATION_CATEGORY_LABELS[category]);
  if (isNotificationType(type)) {
    const { title, body } = notificationTypes[type];
    try {
      const values = { ...data, category: label };
      return { title: translator.t(title, values), body: translator.t(body, values) };
    } catch {
      // A placeholder without its value: fall through to the category's name.
    }
  }
  return { title: translator.text(label), body: '' };
}
