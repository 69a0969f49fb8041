import { PRICE_PERIOD_NAMES, pricePeriods, tradeRules, type City, type TradeKind } from '@marketplace/contracts';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { WizardValues } from './listing-form-values';
import { MapPinField, type MapPin } from './map-pin-field';
import { AmountField, CheckField, ChoiceField, errorAt, FieldProblem } from './wizard-fields';

interface StepProps {
  form: UseFormReturn<WizardValues>;
  onBlur: () => void;
  /** How the category's listings trade (issue 32): which of the fields below it asks for. */
  tradeKind?: TradeKind | undefined;
}

/**
 * The price in dirhams (or free, or negotiable), and how many for sale: only companies hold stock.
 * A rent's price is for the period the seller picks (a year, a month), and takes no offers.
 */
export function PriceStep({ form, onBlur, isCompany, tradeKind }: StepProps & { isCompany: boolean }) {
  const { t } = useI18n();
  const { register, formState, control } = form;
  const free = useWatch({ control, name: 'free' });
  const trade = tradeRules(tradeKind);
  const priced = trade.pricePeriod || !free;
  return (
    <div>
      {!trade.pricePeriod && <CheckField label={t('sell.free')} registration={register('free', { onBlur })} />}
      {priced && (
        <>
          <AmountField
            label={t('listing.field.price')}
            required
            registration={register('price', { onBlur })}
            error={errorAt(formState.errors, 'price')}
          />
          {trade.pricePeriod && (
            <ChoiceField
              label={t('listing.field.pricePeriod')}
              required
              registration={register('price_period', { onBlur })}
              error={errorAt(formState.errors, 'price_period')}
            >
              <option value="">{t('sell.choose')}</option>
              {pricePeriods.map((period) => (
                <option key={period} value={period}>
                  {t(PRICE_PERIOD_NAMES[period])}
                </option>
              ))}
            </ChoiceField>
          )}
          {trade.offer && <CheckField label={t('sell.negotiable')} registration={register('negotiable', { onBlur })} />}
        </>
      )}
      {isCompany && (
        <TextField
          label={t('listing.field.quantity')}
          required
          inputMode="numeric"
          registration={register('quantity', { onBlur })}
          error={errorAt(formState.errors, 'quantity')}
          hint={t('sell.quantityHint')}
        />
      )}
    </div>
  );
}

/**
 * Where the item is (the profile's city by default) and how it reaches the buyer: a rent or a sale
 * by contact is seen and handed over where it is, with no delivery options.
 */
export function PlaceStep({ form, onBlur, cities, tradeKind }: StepProps & { cities: readonly City[] }) {
  const { t } = useI18n();
  const { register, formState, control, setValue } = form;
  const [cityId, delivery, latitude, longitude] = useWatch({
    control,
    name: ['city_id', 'delivery', 'latitude', 'longitude'],
  });
  const pin = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  // Both coordinates change together, and a draft saves the pin at once (a drop is a finished edit).
  const onPin = (next: MapPin | null) => {
    setValue('latitude', next?.latitude ?? null, { shouldDirty: true });
    setValue('longitude', next?.longitude ?? null, { shouldDirty: true });
    onBlur();
  };
  const city = cities.find((candidate) => String(candidate.id) === cityId);
  const errors = formState.errors;
  return (
    <div>
      <ChoiceField
        label={t('listing.field.city')}
        required
        registration={register('city_id', {
          onBlur,
          // A neighborhood belongs to its city: another city clears it (specification §4, as on the profile).
          onChange: () => setValue('neighborhood_id', ''),
        })}
        error={errorAt(errors, 'city_id')}
      >
        <option value="">{t('profile.cityPlaceholder')}</option>
        {cities.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </ChoiceField>
      <ChoiceField
        label={t('listing.field.neighborhood')}
        registration={register('neighborhood_id', { onBlur })}
        error={errorAt(errors, 'neighborhood_id')}
      >
        <option value="">{t('sell.anyNeighborhood')}</option>
        {(city?.neighborhoods ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </ChoiceField>
      <MapPinField pin={pin} onChange={onPin} error={errorAt(errors, 'location')} />
      {tradeRules(tradeKind).delivery && (
        <fieldset className="mb-3" aria-describedby="sell-delivery-error">
          <legend className="form-label fs-6">{t('listing.field.delivery')}</legend>
          <CheckField label={t('sell.pickup')} registration={register('pickup', { onBlur })} />
          <CheckField label={t('sell.delivery')} registration={register('delivery', { onBlur })} />
          <FieldProblem id="sell-delivery-error" error={errorAt(errors, 'delivery')} />
        </fieldset>
      )}
      {tradeRules(tradeKind).delivery && delivery && (
        <AmountField
          label={t('listing.field.deliveryFee')}
          hint={t('sell.deliveryFeeHint')}
          registration={register('delivery_fee', { onBlur })}
          error={errorAt(errors, 'delivery_fee')}
        />
      )}
    </div>
  );
}
