import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { translators } from '../i18n/all-catalogues';
import { ruledText } from './zod-fields';

const firstName = ruledText({ label: 'field.first_name', rules: { required: true, min: 2, max: 5, alpha: true } });
const website = ruledText({ label: 'field.company_web', rules: { min: 2, max: 255 } });

/** The issues' messages as an English reader sees them. */
const messagesOf = (schema: z.ZodMiniType, input: unknown, translator = translators.en) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => translator.text(issue.message));
};

describe('ruledText', () => {
  it('trims the text before checking and returning it', () => {
    expect(firstName.parse('  Ada  ')).toBe('Ada');
    expect(firstName.parse('\u00a0Zoë\n')).toBe('Zoë');
  });

  it('measures the trimmed text, so surrounding spaces do not count against max', () => {
    expect(firstName.parse('   Ahmad   ')).toBe('Ahmad');
    expect(messagesOf(firstName, ' Ahmadu ')).toEqual(['The First name field may not be greater than 5 characters']);
  });

  it.each([[null], [undefined], [''], ['   ']])('makes %j an empty text, which an optional field accepts', (input) => {
    expect(website.parse(input)).toBe('');
  });

  it.each([[null], [undefined], ['   ']])('makes %j an empty text, which a required field rejects', (input) => {
    expect(messagesOf(firstName, input)).toEqual(['The First name field is required']);
  });

  it('reports only the first failing rule', () => {
    expect(messagesOf(firstName, '1')).toEqual(['The First name field must be at least 2 characters']);
  });

  it('counts emoji and Arabic letters as one character each', () => {
    expect(firstName.parse('محمد')).toBe('محمد');
    expect(website.parse('😀😀')).toBe('😀😀');
    expect(messagesOf(website, '😀')).toEqual(['The Company website field must be at least 2 characters']);
  });

  it.each([[42], [true], [{}], [['Ada']]])('gives the default message for %j, which is not text', (input) => {
    expect(messagesOf(firstName, input)).toEqual(['First name is not valid.']);
  });

  it('reports under the field’s key in an object, and a missing key as empty', () => {
    const profile = z.object({ first_name: firstName, website });
    expect(profile.parse({ first_name: ' Ada ' })).toEqual({ first_name: 'Ada', website: '' });
    const result = profile.safeParse({ website: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message: translators.en.text(message) }))).toEqual([
      { path: ['first_name'], message: 'The First name field is required' },
      { path: ['website'], message: 'The Company website field must be at least 2 characters' },
    ]);
  });

  it('gives the same failures in Arabic', () => {
    expect(messagesOf(firstName, '', translators.ar)).toEqual(['حقل الاسم الأول مطلوب']);
    expect(messagesOf(firstName, 'Ahmadou', translators.ar)).toEqual(['يجب ألا يزيد حقل الاسم الأول على 5 أحرف']);
  });
});
