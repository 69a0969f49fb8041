import {
  issueMessage,
  notValid,
  profileUpdateSchema,
  toFieldErrors,
  type AccountType,
  type FieldErrors,
  type ProfileUpdate,
} from '@marketplace/contracts';
import { prepareAvatar } from '../media';
import type { PlacesRepository } from '../places';
import { isKnownTimezone } from '../places';
import { ValidationError } from '../../plugins/validation';
import type { ProfileChanges } from './profile-repository';
import { birthdayToDate } from './profile-view';

/** The server-only rules' messages, encoded like the contract's (rendered by plugins/errors.ts). */
export const PROFILE_MESSAGES = {
  timezone: notValid('timezone'),
  city: notValid('city_id'),
  neighborhoods: issueMessage('profile.neighborhoodsOfCity'),
} as const;

export interface CheckedProfileUpdate {
  changes: Omit<ProfileChanges, 'avatarKey'>;
  /** The new avatar, re-encoded as WebP; null keeps the current one. */
  avatar: Buffer | null;
}

type ProfileUpdateSchema = ReturnType<typeof profileUpdateSchema>;

/** The fields checked against the server's own data, each undefined when the shared schema refused it. */
interface ServerCheckedFields {
  timezone: string | undefined;
  cityId: number | null | undefined;
  neighborhoodIds: number[] | undefined;
  image: string | null | undefined;
}

/**
 * A PUT /user/profile body, checked by the shared contract (as in the browser) and then by the rules
 * only the server can apply: a known time zone, an existing city, neighborhoods of that city, an
 * image that really is one. Every failing field is reported in one ValidationError.
 */
export async function checkProfileUpdate(
  accountType: AccountType,
  body: unknown,
  places: PlacesRepository,
): Promise<CheckedProfileUpdate> {
  const schema = profileUpdateSchema(accountType);
  const parsed = schema.safeParse(body ?? {});
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  // Read alone, a field the schema accepted is still checked when another field was refused.
  const fields = readServerCheckedFields(schema, body);
  const server = await checkServerRules(fields, places);
  Object.assign(errors, server.errors);
  if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { changes: toChanges(parsed.data), avatar: server.avatar };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function readServerCheckedFields(schema: ProfileUpdateSchema, body: unknown): ServerCheckedFields {
  const raw = asRecord(body);
  return {
    timezone: schema.shape.timezone.safeParse(raw.timezone).data,
    cityId: schema.shape.address.def.innerType.shape.city_id.safeParse(asRecord(raw.address).city_id).data,
    neighborhoodIds: schema.shape.neighborhoods.safeParse(raw.neighborhoods).data,
    image: schema.shape.image.safeParse(raw.image).data,
  };
}

async function checkServerRules(
  fields: ServerCheckedFields,
  places: PlacesRepository,
): Promise<{ errors: FieldErrors; avatar: Buffer | null }> {
  const errors: FieldErrors = {};
  if (fields.timezone && !isKnownTimezone(fields.timezone)) errors.timezone = [PROFILE_MESSAGES.timezone];

  const { cityId, neighborhoodIds = [] } = fields;
  if (cityId === null && neighborhoodIds.length > 0) {
    errors.neighborhoods = [PROFILE_MESSAGES.neighborhoods];
  } else if (typeof cityId === 'number') {
    const choice = await places.checkChoice(cityId, neighborhoodIds);
    if (!choice.cityExists) errors['address.city_id'] = [PROFILE_MESSAGES.city];
    else if (choice.matchingNeighborhoods < neighborhoodIds.length) {
      errors.neighborhoods = [PROFILE_MESSAGES.neighborhoods];
    }
  }

  let avatar: Buffer | null = null;
  if (typeof fields.image === 'string') {
    const image = await prepareAvatar(fields.image);
    if (image.ok) avatar = image.webp;
    else errors.image = [image.message];
  }
  return { errors, avatar };
}

const orNull = (text: string): string | null => (text === '' ? null : text);

/** '971' and '+971' are the same prefix; it is stored as dialled from abroad. */
const withPlus = (prefix: string) => (prefix.startsWith('+') ? prefix : `+${prefix}`);

function toChanges(update: ProfileUpdate): Omit<ProfileChanges, 'avatarKey'> {
  const { address, company } = update;
  return {
    first_name: update.first_name,
    last_name: update.last_name,
    birthday: birthdayToDate(update.birthday),
    gender: update.gender,
    timezone: update.timezone,
    address: {
      flat_number: address.flat_number,
      building_name: address.building_name,
      street_address: orNull(address.street_address),
      area: address.area,
      postal_code: orNull(address.postal_code),
      region: orNull(address.region),
      phone_prefix: withPlus(address.phone_prefix),
      phone: address.phone,
      city_id: address.city_id,
    },
    company: company ? { name: company.name, web: orNull(company.web) } : null,
    neighborhoodIds: update.neighborhoods,
  };
}
