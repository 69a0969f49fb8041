import {
  LISTING_LIMITS,
  listingConditions,
  tradeRules,
  type CategoryAttribute,
  type TradeKind,
} from '@marketplace/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { useCatalogueFormat } from '../../lib/format';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { WizardValues } from './listing-form-values';
import { CheckField, ChoiceField, errorAt, TextAreaField } from './wizard-fields';

/**
 * Title, description, condition (not for a rent: issue 32) and the category's own fields, as its
 * definitions describe them.
 */
export function DetailsStep({
  form,
  attributes,
  onBlur,
  tradeKind,
}: {
  form: UseFormReturn<WizardValues>;
  attributes: readonly CategoryAttribute[];
  onBlur: () => void;
  tradeKind?: TradeKind | undefined;
}) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <div>
      <TextField
        label={t('listing.field.title')}
        required
        maxLength={LISTING_LIMITS.titleMax}
        showRemaining
        dir="auto"
        data-user-content=""
        registration={register('title', { onBlur })}
        error={errorAt(errors, 'title')}
      />
      <TextAreaField
        label={t('listing.field.description')}
        required
        maxLength={LISTING_LIMITS.descriptionMax}
        hint={t('sell.descriptionHint', { min: LISTING_LIMITS.descriptionMin })}
        registration={register('description', { onBlur })}
        error={errorAt(errors, 'description')}
      />
      {tradeRules(tradeKind).condition && (
        <ChoiceField
          label={t('listing.field.condition')}
          required
          registration={register('condition', { onBlur })}
          error={errorAt(errors, 'condition')}
        >
          <option value="">{t('sell.choose')}</option>
          {listingConditions.map((condition) => (
            <option key={condition} value={condition}>
              {t('sell.condition', { condition })}
            </option>
          ))}
        </ChoiceField>
      )}
      {attributes.map((attribute) => {
        const path = `attributes.${attribute.key}` as const;
        const error = errorAt(errors, path);
        const registration = register(path, { onBlur });
        const label = attribute.unit ? `${attribute.label} (${attribute.unit})` : attribute.label;
        switch (attribute.type) {
          case 'enum':
            return (
              <ChoiceField
                key={attribute.key}
                label={label}
                required={attribute.required}
                registration={registration}
                error={error}
              >
                <option value="">{t('sell.choose')}</option>
                {attribute.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </ChoiceField>
            );
          case 'boolean':
            return <CheckField key={attribute.key} label={label} registration={registration} error={error} />;
          default:
            return (
              <TextField
                key={attribute.key}
                label={label}
                required={attribute.required}
                inputMode={attribute.type === 'number' ? (attribute.decimal ? 'decimal' : 'numeric') : 'text'}
                registration={registration}
                error={error}
                {...(attribute.type === 'number' &&
                  attribute.min !== null &&
                  attribute.max !== null && {
                    // The label carries the unit; the bounds read as the field's values do (1950, 2,000,000).
                    hint: t('sell.numberRange', {
                      min: format.attributeNumber(attribute.min, {
                        unit: null,
                        number_format: attribute.number_format,
                      }),
                      max: format.attributeNumber(attribute.max, {
                        unit: null,
                        number_format: attribute.number_format,
                      }),
                    }),
                  })}
              />
            );
        }
      })}
    </div>
  );
}
