import type { Notification } from '@marketplace/contracts';
import { NOTIFICATION_ISOLATED_FIELDS } from '@marketplace/contracts/notifications-essentials';

export interface TextPart {
  text: string;
  /** A name or title people wrote, from the notification's data. */
  isolated: boolean;
}

/**
 * The server words a notification as text; its data says what in it people wrote (a listing's
 * title, a sender's name, a typed reason). Those stretches are found in the text, longest first.
 */
export function notificationParts(text: string, data: Notification['data']): TextPart[] {
  const values = [
    ...new Set(
      NOTIFICATION_ISOLATED_FIELDS.map((field) => data[field]).filter(
        (value): value is string => typeof value === 'string' && value.trim() !== '',
      ),
    ),
  ].sort((a, b) => b.length - a.length);
  const parts: TextPart[] = [];
  let rest = text;
  while (rest) {
    let at = -1;
    let found = '';
    for (const value of values) {
      const index = rest.indexOf(value);
      if (index !== -1 && (at === -1 || index < at)) {
        at = index;
        found = value;
      }
    }
    if (at === -1) break;
    if (at > 0) parts.push({ text: rest.slice(0, at), isolated: false });
    parts.push({ text: found, isolated: true });
    rest = rest.slice(at + found.length);
  }
  if (rest) parts.push({ text: rest, isolated: false });
  return parts;
}

/**
 * A notification's title or body with each name and title people wrote in its own direction
 * (<bdi>): a Latin title in an Arabic line, or an Arabic name in English, keeps the punctuation
 * around it on its side. The words read out and matched stay the same.
 */
export function NotificationText({ text, data }: { text: string; data: Notification['data'] }) {
  return (
    <>
      {notificationParts(text, data).map((part, index) =>
        part.isolated ? (
          <bdi key={index} dir="auto" data-user-content="">
            {part.text}
          </bdi>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
