import type { City } from '@marketplace/contracts';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { NeighborhoodsSelect } from './neighborhoods-select';
import { maxLengthOf, PHONE_PREFIX_MAX_LENGTH } from './profile-field-limits';
import type { ProfileFormValues } from './profile-form-values';
import { SelectField } from './select-field';
import { StreetAddressField } from './street-address-field';

export interface ContactDetailsSectionProps {
  form: UseFormReturn<ProfileFormValues>;
  cities: readonly City[];
}

/** Phone, address, city and neighborhoods (docs/product/specification.md §2). */
export function ContactDetailsSection({ form, cities }: ContactDetailsSectionProps) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const { t } = useI18n();
  const cityId = useWatch({ control, name: 'address.city_id' });
  const cityNeighborhoods = cities.find((city) => city.id === cityId)?.neighborhoods ?? [];

  return (
    <section aria-labelledby="contact-details-heading" className="mb-4">
      <h2 id="contact-details-heading" className="h5 mb-3">
        {t('profile.contactDetails')}
      </h2>
      <div className="profile-grid">
        <div className="phone-fields">
          <TextField
            label={t('field.phone_prefix')}
            required
            inputMode="tel"
            autoComplete="tel-country-code"
            // A phone number reads left to right in Arabic too: "+971", never "971+".
            dir="ltr"
            maxLength={PHONE_PREFIX_MAX_LENGTH}
            registration={register('address.phone_prefix')}
            error={errors.address?.phone_prefix}
          />
          <TextField
            label={t('field.phone')}
            required
            inputMode="numeric"
            autoComplete="tel-national"
            dir="ltr"
            maxLength={maxLengthOf('phone')}
            registration={register('address.phone')}
            error={errors.address?.phone}
          />
        </div>
        <TextField
          label={t('field.flat_number')}
          required
          maxLength={maxLengthOf('flat_number')}
          registration={register('address.flat_number')}
          error={errors.address?.flat_number}
        />
        <TextField
          label={t('field.building_name')}
          required
          maxLength={maxLengthOf('building_name')}
          registration={register('address.building_name')}
          error={errors.address?.building_name}
        />
        <StreetAddressField
          registration={register('address.street_address')}
          onPlace={(address) =>
            setValue('address.street_address', address, { shouldDirty: true, shouldValidate: true })
          }
          error={errors.address?.street_address?.message}
        />
        <TextField
          label={t('field.area')}
          required
          autoComplete="address-level3"
          maxLength={maxLengthOf('area')}
          registration={register('address.area')}
          error={errors.address?.area}
        />
        <Controller
          control={control}
          name="address.city_id"
          render={({ field }) => (
            <SelectField<City>
              label={t('field.city_id')}
              options={cities}
              value={cities.find((city) => city.id === field.value) ?? null}
              getOptionValue={(city) => String(city.id)}
              getOptionLabel={(city) => city.name}
              onChange={(city) => {
                const next = city?.id ?? null;
                // specification §4: choosing a different city clears the selected neighborhoods.
                if (next !== field.value) setValue('neighborhoods', [], { shouldDirty: true });
                field.onChange(next);
              }}
              onBlur={field.onBlur}
              isClearable
              placeholder={t('profile.cityPlaceholder')}
              error={errors.address?.city_id?.message}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="neighborhoods"
        render={({ field }) => (
          <NeighborhoodsSelect
            options={cityNeighborhoods}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.neighborhoods?.message}
          />
        )}
      />
    </section>
  );
}
