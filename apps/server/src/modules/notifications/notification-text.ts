import {
  isNotificationType,
  message,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_ISOLATED_FIELDS,
  notificationTypes,
  type NotificationCategory,
  type MessageKey,
  type MessageValue,
  type NotificationData,
  type Translator,
} from '@marketplace/contracts';

type NotificationNames = Readonly<Record<string, Readonly<Record<string, MessageKey>>>>;

/**
 * A code in the data (a moderation reason) as the message its kind names for it, so each reader
 * reads it in their own language; a code the kind does not know stays as it is.
 */
function namedValues(names: NotificationNames | undefined, data: NotificationData): Record<string, MessageValue> {
  const values: Record<string, MessageValue> = {};
  for (const [field, words] of Object.entries(names ?? {})) {
    const code = data[field];
    const key = typeof code === 'string' && Object.hasOwn(words, code) ? words[code] : undefined;
    if (key) values[field] = message(key);
  }
  return values;
}

export interface NotificationText {
  title: string;
  body: string;
}

/** How a reading wraps what people wrote (NOTIFICATION_ISOLATED_FIELDS): an e-mail marks it, the API leaves it. */
export type Isolate = (value: string) => string;

/** What people wrote among the data, wrapped by `isolate`; a field a kind names in words is its own text. */
function isolatedValues(data: NotificationData, named: Record<string, MessageValue>, isolate: Isolate) {
  const values: Record<string, MessageValue> = {};
  for (const field of NOTIFICATION_ISOLATED_FIELDS) {
    const value = data[field];
    if (typeof value === 'string' && !(field in named)) values[field] = isolate(value);
  }
  return values;
}

/**
 * A notification in the reader's language, from its type's messages and its data; every message may
 * also name the category. A type this version does not know (written by a newer one), or data that
 * lacks a placeholder, still reads as its category rather than failing the whole list.
 */
export function notificationText(
  translator: Translator,
  { type, category, data }: { type: string; category: NotificationCategory; data: NotificationData },
  isolate?: Isolate,
): NotificationText {
  const label = message(NOTIFICATION_CATEGORY_LABELS[category]);
  if (isNotificationType(type)) {
    const kind: {
      title: MessageKey;
      body: MessageKey;
      names?: NotificationNames;
      defaults?: Readonly<Record<string, string>>;
    } = notificationTypes[type];
    try {
      const named = namedValues(kind.names, data);
      const isolated = isolate ? isolatedValues(data, named, isolate) : {};
      const values = { ...kind.defaults, ...data, ...isolated, ...named, category: label };
      return { title: translator.t(kind.title, values), body: translator.t(kind.body, values) };
    } catch {
      // A placeholder without its value: fall through to the category's name.
    }
  }
  return { title: translator.text(label), body: '' };
}
