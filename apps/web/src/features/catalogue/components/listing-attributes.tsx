import type { CategoryAttribute, Listing } from '@marketplace/contracts';
import { tradeRules } from '@marketplace/contracts/catalogue-essentials';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useCatalogueFormat } from '../../../lib/format';
import { attributeValueText } from '../../../lib/attribute-value';

const CONDITION_NAMES = {
  new: 'browse.condition.new',
  like_new: 'browse.condition.like_new',
  good: 'browse.condition.good',
  fair: 'browse.condition.fair',
  for_parts: 'browse.condition.for_parts',
} as const;

/** The listing's condition and its category's own fields, labelled as the category defines them. */
export function ListingAttributes({
  listing,
  definitions,
}: {
  listing: Listing;
  definitions: readonly CategoryAttribute[];
}) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const rows = definitions.flatMap((definition) => {
    const value = listing.attributes[definition.key];
    if (value === null || value === undefined || value === '') return [];
    if (definition.type === 'text') {
      return [{ key: definition.key, label: definition.label, value: String(value), userContent: true }];
    }
    const shown = attributeValueText(definition, value, { t, format });
    return [{ key: definition.key, label: definition.label, value: shown, userContent: false }];
  });
  return (
    <dl className="listing-attributes">
      {listing.condition && tradeRules(listing.category?.trade_kind).condition && (
        <div>
          <dt>{t('listing.field.condition')}</dt>
          <dd>{t(CONDITION_NAMES[listing.condition])}</dd>
        </div>
      )}
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          {row.userContent ? (
            <dd dir="auto" data-user-content="">
              {row.value}
            </dd>
          ) : (
            <dd>{row.value}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
