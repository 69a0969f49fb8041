import type { Profile } from '@marketplace/contracts';

/** The order form's delivery address, as typed (order-form.tsx). */
export interface AddressValues {
  city_id: string;
  area: string;
  building_name: string;
  flat_number: string;
  street_address: string;
  phone: string;
}

/** The fields whose refusals show under them (refusalOf); any other shows above the buttons. */
export const FIELDS = [
  'quantity',
  'offer_fils',
  'delivery_method',
  'delivery_address',
  'delivery_address.city_id',
  'delivery_address.area',
  'delivery_address.building_name',
  'delivery_address.flat_number',
  'delivery_address.street_address',
  'delivery_address.phone',
  'note',
] as const;

/** The profile's address, for this order to start from (the buyer may change it for this order only). */
export const addressFrom = (profile: Profile | undefined): AddressValues => ({
  city_id: profile?.address.city_id ? String(profile.address.city_id) : '',
  area: profile?.address.area ?? '',
  building_name: profile?.address.building_name ?? '',
  flat_number: profile?.address.flat_number ?? '',
  street_address: profile?.address.street_address ?? '',
  phone: profile?.phone ?? '',
});
