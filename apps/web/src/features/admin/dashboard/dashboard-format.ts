import { INTL_LOCALES } from '@marketplace/contracts/i18n';
import { useMemo } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';

const FILS_PER_DIRHAM = 100;

/** How the dashboard writes its figures, in the reader's language (Intl). */
export interface DashboardFormat {
  /** '1,234'. */
  count: (value: number) => string;
  /** 'AED 4,024.50', 'AED 0' (a price's format, but nothing is "Free" here). */
  money: (fils: number) => string;
  /** An axis's top: '1.2K', 'AED 12K'. */
  compactCount: (value: number) => string;
  compactMoney: (fils: number) => string;
  /** '45 sec', '12 min', '2.5 hr', '3 days'. */
  duration: (seconds: number) => string;
  /** A UTC day ('yyyy-mm-dd') as '26 Nov 2026'; `short` as '26 Nov'. */
  day: (day: string, short?: boolean) => string;
  /** A moment, in the reader's own time zone: '26 Nov 2026, 14:05'. */
  moment: (iso: string) => string;
}

const durationUnits: readonly [unit: string, seconds: number, under: number][] = [
  ['second', 1, 60],
  ['minute', 60, 3600],
  ['hour', 3600, 48 * 3600],
  ['day', 24 * 3600, Infinity],
];

export function useDashboardFormat(): DashboardFormat {
  const { locale } = useI18n();
  return useMemo(() => {
    const intl = INTL_LOCALES[locale];
    const count = new Intl.NumberFormat(intl);
    const compactCount = new Intl.NumberFormat(intl, { notation: 'compact', maximumFractionDigits: 1 });
    const money = (fractions: number) =>
      new Intl.NumberFormat(intl, {
        style: 'currency',
        currency: 'AED',
        minimumFractionDigits: fractions,
        maximumFractionDigits: 2,
      });
    const whole = money(0);
    const withFils = money(2);
    const compactMoney = new Intl.NumberFormat(intl, {
      style: 'currency',
      currency: 'AED',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    const durations = durationUnits.map(
      ([unit, seconds, under]) =>
        [
          new Intl.NumberFormat(intl, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
          seconds,
          under,
        ] as const,
    );
    // The days are UTC days: written in UTC, or a reader east of it would see each a day late.
    const longDay = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' });
    const shortDay = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      count: (value) => count.format(value),
      money: (fils) => (fils % FILS_PER_DIRHAM === 0 ? whole : withFils).format(fils / FILS_PER_DIRHAM),
      compactCount: (value) => compactCount.format(value),
      compactMoney: (fils) => compactMoney.format(fils / FILS_PER_DIRHAM),
      duration: (seconds) => {
        for (const [format, size, under] of durations) {
          if (seconds < under) return format.format(size === 1 ? Math.round(seconds) : seconds / size);
        }
        return count.format(seconds);
      },
      day: (day, short = false) => (short ? shortDay : longDay).format(new Date(`${day}T00:00:00Z`)),
      moment: (iso) => moment.format(new Date(iso)),
    };
  }, [locale]);
}
