import {
  DEFAULT_PHONE_PREFIX,
  DEFAULT_TIMEZONE,
  type Gender,
  type Neighborhood,
  type Profile,
  type ProfileUpdateRequest,
} from '@marketplace/contracts';

/** What the form edits: the profile's editable fields, every text as a string. */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  birthday: string;
  gender: Gender | '';
  timezone: string;
  company: { name: string; web: string };
  address: {
    flat_number: string;
    building_name: string;
    street_address: string;
    area: string;
    postal_code: string;
    region: string;
    phone_prefix: string;
    phone: string;
    city_id: number | null;
  };
  neighborhoods: Neighborhood[];
  /** The newly chosen picture as a data URL, or null to keep the current one. */
  image: string | null;
}

export function toFormValues(profile: Profile): ProfileFormValues {
  const { address } = profile;
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    birthday: profile.birthday ?? '',
    gender: profile.gender ?? '',
    timezone: profile.timezone || DEFAULT_TIMEZONE,
    company: { name: profile.company?.name ?? '', web: profile.company?.web ?? '' },
    address: {
      flat_number: address.flat_number ?? '',
      building_name: address.building_name ?? '',
      street_address: address.street_address ?? '',
      area: address.area ?? '',
      postal_code: address.postal_code ?? '',
      region: address.region ?? '',
      phone_prefix: address.phone_prefix || DEFAULT_PHONE_PREFIX,
      phone: address.phone ?? '',
      city_id: address.city_id,
    },
    neighborhoods: profile.neighborhoods,
    image: null,
  };
}

/** The PUT body: every profile field plus the image (specification §7); a person's account sends no company. */
export function toUpdateRequest(values: ProfileFormValues, isCompany: boolean): ProfileUpdateRequest {
  return { ...values, gender: values.gender || null, company: isCompany ? values.company : null };
}
