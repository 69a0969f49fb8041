import { z } from 'zod/mini';
import { accountTypes, type AccountType } from './auth';
import { neighborhoodSchema } from './places';
import { encodeMessage, issueMessage, message, type Message } from './i18n/message';
import { DEFAULT_RULE_MESSAGE_KEY, firstError, ruledText, type FieldRules } from './rules/index';

export const genders = ['M', 'F'] as const;
export type Gender = (typeof genders)[number];

/** docs/product/specification.md §8: 'The given data of birth date was invalid.' */
export const BIRTHDAY_INVALID = message('profile.birthdayInvalid');
/** How many neighborhoods one profile may list; a city has fewer, this bounds a forged request. */
export const MAX_NEIGHBORHOODS = 100;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The rules of specification §5, by field, with the labels the form shows. */
export const profileFields = {
  first_name: { label: 'field.first_name', rules: { required: true, min: 1, max: 255 } },
  last_name: { label: 'field.last_name', rules: { required: true, min: 1, max: 255 } },
  email: { label: 'field.email', rules: { required: true, min: 2, email: true, max: 255 } },
  company_name: { label: 'field.company_name', rules: { required: true, min: 2, max: 255 } },
  company_web: { label: 'field.company_web', rules: { min: 2, max: 255 } },
  phone_prefix: { label: 'field.phone_prefix', rules: { required: true, regex: /^\+?[0-9]{1,4}$/ } },
  phone: {
    label: 'field.phone',
    rules: { required: true, regex: /^[0-9]+$/, max: 12 },
    messages: { regex: 'rule.numeric' },
  },
  flat_number: { label: 'field.flat_number', rules: { required: true, min: 2, max: 255 } },
  building_name: { label: 'field.building_name', rules: { required: true, min: 2, max: 255 } },
  street_address: { label: 'field.street_address', rules: { min: 2, max: 255 } },
  area: { label: 'field.area', rules: { required: true, min: 2, max: 255 } },
  postal_code: { label: 'field.postal_code', rules: { max: 20 } },
  region: { label: 'field.region', rules: { max: 255 } },
  birthday: { label: 'field.birthday', rules: {} },
  gender: { label: 'field.gender', rules: { oneOf: genders } },
  timezone: { label: 'field.timezone', rules: { required: true } },
  city_id: { label: 'field.city_id', rules: {} },
  neighborhoods: { label: 'field.neighborhoods', rules: {} },
  image: { label: 'field.image', rules: {} },
} as const satisfies Record<string, FieldRules>;

export type ProfileField = keyof typeof profileFields;

/** '{field} is not valid.' for a profile field, encoded for a zod issue. */
export const notValid = (field: ProfileField) =>
  issueMessage(DEFAULT_RULE_MESSAGE_KEY, { field: message(profileFields[field].label) });

/**
 * dd/mm/yyyy with a year after 1900 (specification §5). Returns the parts, or undefined when the text is not
 * three numbers separated by slashes.
 */
export function parseBirthday(text: string): { day: number; month: number; year: number } | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year > 1900 ? { day, month, year } : undefined;
}

/** A date that exists on the calendar (no 31/02), not later than today anywhere on Earth. */
export function birthdayProblem(text: string, now = new Date()): Message | undefined {
  const parts = parseBirthday(text);
  if (!parts) return BIRTHDAY_INVALID;
  const { day, month, year } = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return message('profile.birthdayNotReal');
  }
  // UTC+14 is the first place a new day starts.
  const latestToday = new Date(now.getTime() + 14 * 3600 * 1000);
  const today = Date.UTC(latestToday.getUTCFullYear(), latestToday.getUTCMonth(), latestToday.getUTCDate());
  if (date.getTime() > today) return message('profile.birthdayInFuture');
  return undefined;
}

/** Missing, null and white space become '' before the field's own check runs. */
const trimmedText = (message: () => string) =>
  z.pipe(
    z.nullish(z.string({ error: message })),
    z.transform((value) => (value ?? '').trim()),
  );

const birthday = trimmedText(() => encodeMessage(BIRTHDAY_INVALID)).check(
  z.superRefine((value, context) => {
    const problem = value === '' ? undefined : birthdayProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: encodeMessage(problem) });
  }),
);

const gender = z.pipe(
  z.nullish(z.union([z.enum(genders), z.literal('')], { error: () => notValid('gender') })),
  z.transform((value) => value || null),
);

const timezone = trimmedText(() => notValid('timezone')).check(
  z.superRefine((value, context) => {
    const failure = firstError(value, profileFields.timezone);
    if (failure) context.addIssue({ code: 'custom', message: encodeMessage(failure) });
  }),
);

const cityId = z.pipe(
  z.nullish(z.int({ error: () => notValid('city_id') }).check(z.positive(notValid('city_id')))),
  z.transform((value) => value ?? null),
);

const neighborhoods = z.pipe(
  z.nullish(
    z
      .array(z.extend(z.pick(neighborhoodSchema, { id: true }), { name: z.optional(z.string()) }), {
        error: () => notValid('neighborhoods'),
      })
      .check(z.maxLength(MAX_NEIGHBORHOODS, issueMessage('profile.tooManyNeighborhoods', { max: MAX_NEIGHBORHOODS }))),
  ),
  z.transform((list) => [...new Set((list ?? []).map((item) => item.id))]),
);

/** A data URL of the newly chosen picture, or null to keep the current one. The server checks its bytes. */
const image = z.pipe(
  z.nullish(
    z
      .string({ error: () => notValid('image') })
      .check(
        z.startsWith('data:', notValid('image')),
        z.maxLength(
          Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 256,
          issueMessage('rule.size', { field: message('field.image'), size: AVATAR_MAX_BYTES / 1024 }),
        ),
      ),
  ),
  z.transform((value) => value ?? null),
);

const addressSchema = z.object(
  {
    flat_number: ruledText(profileFields.flat_number),
    building_name: ruledText(profileFields.building_name),
    street_address: ruledText(profileFields.street_address),
    area: ruledText(profileFields.area),
    postal_code: ruledText(profileFields.postal_code),
    region: ruledText(profileFields.region),
    phone_prefix: ruledText(profileFields.phone_prefix),
    phone: ruledText(profileFields.phone),
    city_id: cityId,
  },
  { error: () => issueMessage('profile.addressNotObject') },
);

const companySchema = z.object(
  {
    name: ruledText(profileFields.company_name),
    web: ruledText(profileFields.company_web),
  },
  { error: () => issueMessage('profile.companyNotObject') },
);

const baseProfileSchema = z.object({
  first_name: ruledText(profileFields.first_name),
  last_name: ruledText(profileFields.last_name),
  birthday,
  gender,
  timezone,
  address: z.prefault(addressSchema, {}),
  neighborhoods,
  image,
});

/**
 * PUT /user/profile for an account of `accountType`: a company account must name its company, an
 * individual account has none. E-mail, account type and anything not listed are not changed here.
 */
export function profileUpdateSchema(accountType: AccountType) {
  if (accountType === 'company') return z.extend(baseProfileSchema, { company: z.prefault(companySchema, {}) });
  return z.extend(baseProfileSchema, {
    company: z.pipe(
      z.optional(z.unknown()).check(
        z.superRefine((value, context) => {
          if (hasCompanyData(value)) {
            context.addIssue({ code: 'custom', message: issueMessage('profile.companyOnly') });
          }
        }),
      ),
      z.transform(() => null),
    ),
  });
}

function hasCompanyData(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== 'object') return true;
  return Object.values(value).some((field) => field !== null && field !== undefined && field !== '');
}

export type ProfileUpdateRequest = z.input<ReturnType<typeof profileUpdateSchema>>;
export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateSchema>>;

export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** dd/mm/yyyy */
  birthday: z.nullable(z.string()),
  email: z.string(),
  avatar: z.nullable(z.string()),
  neighborhoods: z.array(neighborhoodSchema),
  gender: z.nullable(z.enum(genders)),
  account_type: z.enum(accountTypes),
  /** The full number, prefix included, as others would dial it. */
  phone: z.nullable(z.string()),
  /** ISO 3166 country of the address. */
  location_code: z.nullable(z.string()),
  timezone: z.string(),
  company: z.nullable(z.object({ id: z.int(), name: z.string(), web: z.nullable(z.string()) })),
  address: z.object({
    flat_number: z.nullable(z.string()),
    building_name: z.nullable(z.string()),
    area: z.nullable(z.string()),
    postal_code: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    phone_prefix: z.string(),
    city_id: z.nullable(z.int()),
    region: z.nullable(z.string()),
    street_address: z.nullable(z.string()),
    city: z.nullable(z.object({ id: z.int(), name: z.string(), neighborhoods: z.array(neighborhoodSchema) })),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ data: profileSchema });
