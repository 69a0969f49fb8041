import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { changeLocale } from './change-locale';
import { i18n } from './i18n-store';

const answerWith = fakeApi();

afterEach(() => {
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('changeLocale', () => {
  it('saves the choice, then speaks the new language and mirrors the page', async () => {
    const sent = answerWith(204);
    await changeLocale('ar');
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/locale', body: JSON.stringify({ locale: 'ar' }) },
    ]);
    expect(i18n().locale).toBe('ar');
    expect(i18n().dir).toBe('rtl');
    expect(i18n().t('profile.updated')).toBe('تم تحديث الملف الشخصي');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('stays in the language it was in when the choice cannot be saved', async () => {
    answerWith(500);
    await expect(changeLocale('ar')).rejects.toThrow();
    expect(i18n().locale).toBe('en');
    expect(document.documentElement).not.toHaveAttribute('dir');
  });

  it('follows the account’s language without saving it again', async () => {
    const sent = answerWith(204);
    await changeLocale('ar', { remember: false });
    expect(sent).toEqual([]);
    expect(i18n().locale).toBe('ar');
  });

  it('asks once when the same switch is asked for twice at a time, and not at all for the language shown', async () => {
    const sent = answerWith(204);
    await Promise.all([changeLocale('ar'), changeLocale('ar')]);
    await changeLocale('ar');
    expect(sent).toHaveLength(1);
  });
});
