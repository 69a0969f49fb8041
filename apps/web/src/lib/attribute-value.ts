import type { CategoryAttribute, Listing } from '@marketplace/contracts';
import type { CatalogueFormat } from './format';
import type { I18n } from './i18n/i18n-store';

type AttributeValue = Listing['attributes'][string];

/**
 * A category field's value as people read it, by its kind: an option by its label, yes or no, a
 * number as the category formats it (a year without grouping, a unit after a measure), text as
 * written. The product page's details and the listing history both write values so.
 */
export function attributeValueText(
  definition: CategoryAttribute,
  value: NonNullable<AttributeValue>,
  { t, format }: { t: I18n['t']; format: CatalogueFormat },
): string {
  if (definition.type === 'enum') {
    return definition.options.find((option) => option.value === value)?.label ?? String(value);
  }
  if (definition.type === 'boolean') return value === true ? t('browse.yes') : t('browse.no');
  if (definition.type === 'number' && typeof value === 'number') return format.attributeNumber(value, definition);
  return String(value);
}
