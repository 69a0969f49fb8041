import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { INTL_LOCALES, type Locale } from './locales';
import { decodeMessage, type Message, type MessageKey, type MessageValues } from './message';

/** A message ready to format: plain text as it is, anything with placeholders as ICU's parsed form. */
export type CompiledMessage = string | MessageFormatElement[];
export type CompiledCatalogue = Readonly<Partial<Record<MessageKey, CompiledMessage>>>;

export interface Translator {
  readonly locale: Locale;
  /** The message `key` with its placeholders filled in, in this translator's language. */
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A message the contracts encoded (a validation rule's), rendered here; any other text as it is. */
  text: (message: string | Message) => string;
}

/**
 * Formats one language's catalogue with intl-messageformat: plurals by Intl.PluralRules (Arabic's
 * six forms), numbers and dates by Intl for the UAE's conventions in that language. A message's
 * formatter is made once, on first use.
 */
export function createTranslator(locale: Locale, catalogue: CompiledCatalogue): Translator {
  const formats = new Map<MessageKey, IntlMessageFormat>();
  const intlLocale = INTL_LOCALES[locale];

  const t = (key: MessageKey, values?: MessageValues): string => {
    const compiled = catalogue[key];
    // The catalogue tests make this impossible; an empty text is still better than a key on screen.
    if (compiled === undefined) return '';
    if (typeof compiled === 'string') return compiled;
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(compiled, intlLocale);
      formats.set(key, format);
    }
    return format.format<string>(values && resolve(values)) as string;
  };

  const resolve = (values: MessageValues): Record<string, string | number> =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'object' ? t(value.key, value.values) : value,
      ]),
    );

  const text = (message: string | Message): string => {
    const decoded = typeof message === 'string' ? decodeMessage(message) : message;
    if (!decoded) return message as string;
    return decoded.key in catalogue ? t(decoded.key, decoded.values) : t('laravel.invalidValue');
  };

  return { locale, t, text };
}
