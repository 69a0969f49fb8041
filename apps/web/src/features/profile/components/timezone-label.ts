import type { Timezone } from '@marketplace/contracts';
import type { Translator } from '@marketplace/contracts/i18n';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * '(UTC+04:00) Asia/Dubai' in English, '(غرينتش+04:00) Asia/Dubai' in Arabic: the zone keeps its
 * IANA name (what people search for and what is stored), the offset is worded in the page's language.
 */
export function timezoneLabel(t: Translator['t'], { value, offset_minutes: minutes }: Timezone): string {
  const sign = minutes < 0 ? '-' : '+';
  const offset = `${sign}${twoDigits(Math.floor(Math.abs(minutes) / 60))}:${twoDigits(Math.abs(minutes) % 60)}`;
  return t('profile.timezoneOption', { offset, zone: value.replaceAll('_', ' ') });
}
