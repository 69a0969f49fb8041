import { DEFAULT_LOCATION_CODE, DEFAULT_PHONE_PREFIX, parseBirthday, type Profile } from '@marketplace/contracts';
import { avatarUrl } from '../media';
import type { ProfileRecord } from './profile-repository';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 'dd/mm/yyyy' (already checked) → 'yyyy-mm-dd' for the date column; '' → null. */
export function birthdayToDate(text: string): string | null {
  const parts = parseBirthday(text);
  return parts ? `${parts.year}-${twoDigits(parts.month)}-${twoDigits(parts.day)}` : null;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy', as docs/product/specification.md §3 sends it. */
export function dateToBirthday(date: string | null): string | null {
  if (date === null) return null;
  const [year, month, day] = date.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

/**
 * The stored profile in specification §3's shape. Before the first save the address is all nulls, with the
 * marketplace's phone prefix. `phone` is the number as others dial it (prefix and number);
 * `location_code` is the country of the saved address: its city's, or the marketplace's own when
 * the address names no city (docs/decisions/009-profile-data-and-avatars.md).
 */
export function toProfile(record: ProfileRecord): Profile {
  const hasAddress = record.address_user_id !== null;
  return {
    first_name: record.first_name,
    last_name: record.last_name,
    birthday: dateToBirthday(record.birthday),
    email: record.email,
    avatar: avatarUrl(record.avatar_key),
    neighborhoods: record.neighborhoods,
    gender: record.gender,
    account_type: record.account_type,
    phone: hasAddress && record.phone_prefix && record.phone ? `${record.phone_prefix}${record.phone}` : null,
    location_code: hasAddress ? (record.city_country_code ?? DEFAULT_LOCATION_CODE) : null,
    timezone: record.timezone,
    company:
      record.account_type === 'company' && record.company_id !== null
        ? { id: record.company_id, name: record.company_name ?? '', web: record.company_web }
        : null,
    address: {
      flat_number: record.flat_number,
      building_name: record.building_name,
      area: record.area,
      postal_code: record.postal_code,
      phone: record.phone,
      phone_prefix: record.phone_prefix ?? DEFAULT_PHONE_PREFIX,
      city_id: record.city_id,
      region: record.region,
      street_address: record.street_address,
      city:
        record.city_id !== null && record.city_name !== null
          ? { id: record.city_id, name: record.city_name, neighborhoods: record.city_neighborhoods }
          : null,
    },
  };
}
