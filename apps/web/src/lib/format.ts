import type { CategoryAttribute } from '@marketplace/contracts';
import { formatPrice, PRICE_PER_PERIOD, type PricePeriod } from '@marketplace/contracts/catalogue-essentials';
import { INTL_LOCALES } from '@marketplace/contracts/i18n';
import { useMemo } from 'react';
import { useI18n } from './i18n/i18n-store';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How the catalogue's pages write prices, ages, dates and places, in the reader's language (Intl). */
export interface CatalogueFormat {
  /** 'AED 1,250' / '‏1,250 د.إ.‏', or "Free" for 0; a rent's with its period: 'AED 120,000 / year' (issue 32). */
  price: (fils: number | null, period?: PricePeriod | null) => string;
  /** '3 days ago', 'just now'. */
  age: (iso: string, now?: number) => string;
  /** '23 Nov 2026'. */
  date: (iso: string) => string;
  /** '23 Nov 2026, 14:05'. */
  dateTime: (iso: string) => string;
  /** 'Dubai Marina, Dubai', with the language's own comma. */
  place: (parts: readonly (string | null | undefined)[]) => string;
  number: (value: number) => string;
  /**
   * A number field's value as its category defines it: a year without grouping ('2022'), a count or
   * a measure in the language's digits and grouping, then its unit ('12,500 km', '3').
   */
  attributeNumber: (value: number, field: Pick<CategoryAttribute, 'unit' | 'number_format'>) => string;
  /**
   * A search result's distance: '350 m away', '3.2 km away', '12 km away'; 'About 19 km away' when
   * measured to its city's centre.
   */
  distance: (distance: { metres: number; approximate: boolean }) => string;
}

export function useCatalogueFormat(): CatalogueFormat {
  const { locale, t } = useI18n();
  return useMemo(() => {
    const intl = INTL_LOCALES[locale];
    const relative = new Intl.RelativeTimeFormat(intl, { numeric: 'auto' });
    const date = new Intl.DateTimeFormat(intl, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' });
    // Intl.ListFormat joins Arabic with 'and'; a place reads with the language's own comma.
    const comma = locale === 'ar' ? '، ' : ', ';
    const number = new Intl.NumberFormat(intl);
    const year = new Intl.NumberFormat(intl, { useGrouping: false });
    return {
      price: (fils, period) => {
        const price = formatPrice(fils, intl, t('listing.free'));
        return period && fils ? t(PRICE_PER_PERIOD[period], { price }) : price;
      },
      age: (iso, now = Date.now()) => {
        const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
        for (const [unit, size] of UNITS) {
          if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
        }
        return relative.format(0, 'minute');
      },
      date: (iso) => date.format(new Date(iso)),
      dateTime: (iso) => dateTime.format(new Date(iso)),
      place: (parts) => parts.filter((part): part is string => Boolean(part)).join(comma),
      number: (value) => number.format(value),
      attributeNumber: (value, { unit, number_format: kind }) => {
        const shown = (kind === 'year' ? year : number).format(value);
        return unit ? `${shown} ${unit}` : shown;
      },
      distance: ({ metres, approximate }) => {
        const km = metres / 1000;
        if (approximate) return t('search.distanceAbout', { km: Math.max(1, Math.round(km)) });
        if (metres < 1000) return t('search.distanceMetres', { m: Math.round(metres / 10) * 10 });
        return t('search.distance', { km: km < 10 ? km : Math.round(km) });
      },
    };
  }, [locale, t]);
}
