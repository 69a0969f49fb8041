import type catalogue from './messages/en.json';

/** Every message the app can show; the English catalogue is the list, the others must match it. */
export type MessageKey = keyof typeof catalogue;

/** A placeholder's value: text, a number, or another message (a field's name in a rule's message). */
export type MessageValue = string | number | Message;
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** A message to show, not yet in any language: each side renders it with its own catalogue. */
export interface Message {
  key: MessageKey;
  values?: MessageValues;
}

export const message = (key: MessageKey, values?: MessageValues): Message => (values ? { key, values } : { key });

const ENCODED = '{"key":';

/**
 * zod keeps an issue's message as text, so the contracts' rules write their messages as JSON text;
 * `decodeMessage` gives them back wherever they are shown (Translator.text), in the reader's language.
 */
export const encodeMessage = (value: Message): string => JSON.stringify(value);

export function decodeMessage(text: string): Message | undefined {
  if (!text.startsWith(ENCODED)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Message).key === 'string') {
      return parsed as Message;
    }
  } catch {
    // Not one of ours: text that happens to start the same way.
  }
  return undefined;
}

/** `message(key, values)`, encoded for a zod issue. */
export const issueMessage = (key: MessageKey, values?: MessageValues): string => encodeMessage(message(key, values));
