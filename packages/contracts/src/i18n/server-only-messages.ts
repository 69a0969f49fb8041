/**
 * Messages only the server words, left out of the browser's catalogues (apps/web/build/
 * precompiled-messages.ts), so every page's first visit does not download them: e-mails
 * (`mail.`), the signed-out unsubscribe page (`unsubscribe.`) and the notifications' own texts
 * (`notification.`: the API words each notification in the reader's language). The web app's
 * strings about notifications are `notifications.` (plural) and do ship.
 */
export const SERVER_ONLY_MESSAGE_PREFIXES = ['mail.', 'notification.', 'unsubscribe.'] as const;

export const isServerOnlyMessage = (key: string): boolean =>
  SERVER_ONLY_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
