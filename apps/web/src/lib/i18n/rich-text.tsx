import type { MessageKey, MessageValue, Translator } from '@marketplace/contracts';
import { Fragment, type ReactElement, type ReactNode } from 'react';

/** Private-use characters around an element's number while the message is formatted as text. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = /\uE000(\d+)\uE001/;
const MARKERS = /[\uE000\uE001]/g;

/**
 * A message with elements among its values (a person's name in `<bdi>`, so a Latin name keeps its
 * order in an Arabic line): formatted as text with a numbered marker in each element's place, then
 * split around the markers. Plurals, numbers and dates format as in `t`; text values lose any marker
 * characters they carried, so what a user wrote can never stand for an element.
 */
export function richText(
  t: Translator['t'],
  key: MessageKey,
  values: Readonly<Record<string, MessageValue | ReactElement>>,
): ReactNode[] {
  const elements: ReactElement[] = [];
  const text: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') text[name] = value.replaceAll(MARKERS, '');
    else if (typeof value === 'number' || !('props' in value)) text[name] = value;
    else {
      text[name] = `${OPEN}${elements.length}${CLOSE}`;
      elements.push(value);
    }
  }
  return t(key, text)
    .split(MARKED)
    .map((part, index) => (index % 2 === 0 ? part : <Fragment key={index}>{elements[Number(part)]}</Fragment>));
}
