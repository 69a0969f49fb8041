import { describe, expect, it } from 'vitest';
import { translators } from './all-catalogues';
import { compileCatalogue } from './compile-catalogue';
import { encodeMessage, message, type MessageKey } from './message';
import { createTranslator } from './translator';

describe('Translator.text', () => {
  it('renders a message the contracts encoded, nested messages included, in each language', () => {
    const encoded = encodeMessage(message('rule.required', { field: message('field.area') }));
    expect(translators.en.text(encoded)).toBe('The Area field is required');
    expect(translators.ar.text(encoded)).toBe('حقل المنطقة مطلوب');
  });

  it('shows any other text as it is', () => {
    expect(translators.ar.text('Server Error')).toBe('Server Error');
    expect(translators.en.text('{"keys": 1}')).toBe('{"keys": 1}');
  });

  it('never shows a key it does not know: a generic sentence instead', () => {
    const unknown = encodeMessage({ key: 'no.such.message' as MessageKey });
    expect(translators.en.text(unknown)).toBe('The value is not valid.');
    expect(translators.ar.text(unknown)).toBe('القيمة غير صالحة.');
  });
});

describe('numbers, prices and dates', () => {
  // The way a message formats them (used by the pages to come: prices in fils, listing dates).
  const formats = compileCatalogue({
    'home.intro': 'Price {price, number, ::currency/AED} on {day, date, ::dMMMy}, {count, number}',
  });
  const april = Date.UTC(2026, 3, 14, 12);

  it('formats them for the UAE in English', () => {
    expect(createTranslator('en', formats).t('home.intro', { price: 1250.5, day: april, count: 12500 })).toBe(
      'Price AED\u00a01,250.50 on 14 Apr 2026, 12,500',
    );
  });

  it('formats them for the UAE in Arabic, with its currency sign and month names', () => {
    const arabic = createTranslator('ar', formats).t('home.intro', { price: 1250.5, day: april, count: 12500 });
    expect(arabic).toContain('د.إ.');
    expect(arabic).toContain('أبريل');
    expect(arabic).toContain('12,500');
  });
});
