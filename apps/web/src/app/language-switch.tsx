import { LOCALE_NAMES, LOCALES, type Locale } from '@marketplace/contracts/i18n';
import { changeLocale } from '../lib/i18n/change-locale';
import { t, useI18n } from '../lib/i18n/i18n-store';
import { notify } from '../lib/toasts/notify';

/** Switches to `locale`, saying so in a toast when it could not (offline, say). */
export function switchTo(locale: Locale, options?: { remember?: boolean }): void {
  changeLocale(locale, options).catch((error: unknown) => {
    console.error(`Switching to ${locale} failed:`, error);
    notify.error(t('language.changeFailed'));
  });
}

/**
 * The other languages, each named in itself and marked as written in it, so a screen reader reads
 * "العربية" in Arabic on an English page. With two languages it is one button: the other one.
 */
export function LanguageSwitch({ className, onSwitch }: { className: string; onSwitch?: () => void }) {
  const { locale } = useI18n();
  return LOCALES.filter((other) => other !== locale).map((other) => (
    <button
      key={other}
      type="button"
      className={className}
      lang={other}
      onClick={() => {
        onSwitch?.();
        switchTo(other);
      }}
    >
      {LOCALE_NAMES[other]}
    </button>
  ));
}
