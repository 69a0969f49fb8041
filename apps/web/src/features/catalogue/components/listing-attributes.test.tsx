import type { CategoryAttribute } from '@marketplace/contracts';
import { act, screen } from '@testing-library/react';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { listing } from '../../../test/catalogue-fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { ListingAttributes } from './listing-attributes';

const number = (fields: Partial<CategoryAttribute> & Pick<CategoryAttribute, 'key' | 'label'>): CategoryAttribute => ({
  type: 'number',
  unit: null,
  required: true,
  filterable: true,
  options: [],
  min: null,
  max: null,
  decimal: false,
  ...fields,
});

/** A car and a flat's number fields, as the seed defines them. */
const fields = (ar: boolean): CategoryAttribute[] => [
  number({ key: 'year', label: ar ? 'سنة الصنع' : 'Year', number_format: 'year' }),
  number({ key: 'kilometres', label: ar ? 'المسافة المقطوعة' : 'Kilometres', unit: ar ? 'كم' : 'km' }),
  number({ key: 'bedrooms', label: ar ? 'غرف النوم' : 'Bedrooms' }),
  number({ key: 'size', label: ar ? 'المساحة' : 'Size', unit: ar ? 'م²' : 'm²' }),
];

function renderAttributes(ar: boolean) {
  const shown = listing({ condition: null, attributes: { year: 2022, kilometres: 48_500, bedrooms: 12, size: 1250 } });
  renderRoutes([{ path: '*', element: <ListingAttributes listing={shown} definitions={fields(ar)} /> }]);
  return Array.from(document.querySelectorAll('.listing-attributes > div')).map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);
}

describe('a listing’s number fields', () => {
  it('read by their kind: a year without a thousands separator, counts and measures grouped, with their unit', () => {
    expect(renderAttributes(false)).toEqual([
      ['Year', '2022'],
      ['Kilometres', '48,500 km'],
      ['Bedrooms', '12'],
      ['Size', '1,250 m²'],
    ]);
    expect(screen.queryByText('2,022')).not.toBeInTheDocument();
  });

  it('in Arabic too, in the language’s own digits and grouping', () => {
    act(() => activateLocale('ar', arabic));
    const intl = new Intl.NumberFormat('ar-AE');
    expect(renderAttributes(true)).toEqual([
      ['سنة الصنع', new Intl.NumberFormat('ar-AE', { useGrouping: false }).format(2022)],
      ['المسافة المقطوعة', `${intl.format(48_500)} كم`],
      ['غرف النوم', intl.format(12)],
      ['المساحة', `${intl.format(1250)} م²`],
    ]);
  });
});
