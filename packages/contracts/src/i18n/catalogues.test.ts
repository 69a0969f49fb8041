import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { sourceCatalogues, translators } from './all-catalogues';
import { compileCatalogue, compileMessage } from './compile-catalogue';
import { INTL_LOCALES, LOCALES } from './locales';
import type { MessageKey } from './message';

const english = sourceCatalogues.en;
const keys = Object.keys(english) as MessageKey[];
const others = LOCALES.filter((locale) => locale !== 'en');

const elementsOf = (source: string): MessageFormatElement[] => {
  const compiled = compileMessage(source);
  return typeof compiled === 'string' ? [{ type: TYPE.literal, value: compiled }] : compiled;
};

/** Every element, nested ones (in plural and select options) included. */
function* walk(elements: MessageFormatElement[]): Generator<MessageFormatElement> {
  for (const element of elements) {
    yield element;
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) yield* walk(option.value);
    }
  }
}

const placeholdersOf = (source: string) =>
  [
    ...new Set(
      [...walk(elementsOf(source))].flatMap((element) =>
        'value' in element && element.type !== TYPE.literal ? [element.value] : [],
      ),
    ),
  ].sort();

describe.each(LOCALES)('the %s catalogue', (locale) => {
  const catalogue = sourceCatalogues[locale];

  it('has every message of the English one, and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
  });

  it('has only messages that parse as ICU and are not empty', () => {
    expect(() => compileCatalogue(catalogue)).not.toThrow();
    for (const key of keys) expect(catalogue[key].trim(), key).not.toBe('');
  });

  it('gives every plural the forms its language has (zero may fall back to other)', () => {
    const categories = new Intl.PluralRules(INTL_LOCALES[locale]).resolvedOptions().pluralCategories;
    for (const key of keys) {
      for (const element of walk(elementsOf(catalogue[key]))) {
        if (element.type !== TYPE.plural) continue;
        const forms = Object.keys(element.options);
        for (const category of categories.filter((name) => name !== 'zero'))
          expect(forms, `${key}: ${category}`).toContain(category);
      }
    }
  });
});

describe.each(others)('the %s catalogue, against the English one', (locale) => {
  const catalogue = sourceCatalogues[locale];

  it.each(keys)('%s has the same placeholders', (key) => {
    expect(placeholdersOf(catalogue[key])).toEqual(placeholdersOf(english[key]));
  });

  it('translates every message rather than copying the English', () => {
    expect(keys.filter((key) => catalogue[key] === english[key])).toEqual([]);
  });
});

describe('the Arabic catalogue', () => {
  it('writes its text in Arabic script: no Latin letters outside placeholders', () => {
    const latin = keys.filter((key) =>
      [...walk(elementsOf(sourceCatalogues.ar[key]))].some(
        (element) => element.type === TYPE.literal && /[A-Za-z]/.test(element.value),
      ),
    );
    expect(latin).toEqual([]);
  });

  it('uses all six of Arabic’s plural forms', () => {
    const remaining = (count: number) => translators.ar.t('textInput.remaining', { count });
    expect([0, 1, 2, 3, 11, 100].map(remaining)).toEqual([
      'لم يتبقَّ أي حرف',
      'تبقّى حرف واحد',
      'تبقّى حرفان',
      'تبقّت 3 أحرف',
      'تبقّى 11 حرفًا',
      'تبقّى 100 حرف',
    ]);
  });
});

describe('the app’s name', () => {
  it.each(LOCALES)(
    'is one word in %s: every page title ends with it, and no message calls the app otherwise',
    (locale) => {
      const catalogue = sourceCatalogues[locale];
      const name = catalogue['app.name'];
      const titles = keys.filter((key) => key.startsWith('title.'));
      expect(titles.filter((key) => catalogue[key] !== name && !catalogue[key].endsWith(` · ${name}`))).toEqual([]);
      // Its other spellings (Arabic once had a transliteration beside the translated name).
      const otherNames = /ماركت|ماركيت|Marketplace/;
      const elsewhere = keys.filter(
        (key) => key !== 'app.name' && otherNames.test(catalogue[key].replaceAll(name, '')),
      );
      expect(elsewhere).toEqual([]);
    },
  );
});

describe('money in messages', () => {
  it.each(LOCALES)(
    'is formatted as currency in %s, the way every page shows a price, never as a bare number beside AED',
    (locale) => {
      const catalogue = sourceCatalogues[locale];
      // A number beside the currency's name, either side: "{amount, number} AED", "AED {amount, number}", "{x, number} درهم".
      const bare = /\{\w+, number\}\s*(?:AED|درهم|د\.إ)|(?:AED|درهم|د\.إ)\s*\{\w+, number\}/;
      // The rules' own messages name a limit in the field's unit ("at least AED {min, number}"): they are not prices.
      expect(keys.filter((key) => !key.startsWith('money.') && bare.test(catalogue[key]))).toEqual([]);
    },
  );
});
