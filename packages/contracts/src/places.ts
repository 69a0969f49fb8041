import { z } from 'zod/mini';

export const neighborhoodSchema = z.object({ id: z.int(), name: z.string() });
export type Neighborhood = z.infer<typeof neighborhoodSchema>;

export const citySchema = z.object({
  id: z.int(),
  name: z.string(),
  neighborhoods: z.array(neighborhoodSchema),
});
export type City = z.infer<typeof citySchema>;

export const citiesResponseSchema = z.object({ data: z.array(citySchema) });

export const timezoneSchema = z.object({
  /** The IANA name, e.g. 'Asia/Dubai': what the profile stores. */
  value: z.string(),
  /** For people: '(UTC+04:00) Asia/Dubai'. */
  label: z.string(),
  /** Minutes east of UTC right now (changes with daylight saving). */
  offset_minutes: z.int(),
});
export type Timezone = z.infer<typeof timezoneSchema>;

export const timezonesResponseSchema = z.object({ data: z.array(timezoneSchema) });

/** The marketplace's home: new profiles start in its time zone with its phone prefix. */
export const DEFAULT_TIMEZONE = 'Asia/Dubai';
export const DEFAULT_PHONE_PREFIX = '+971';
export const DEFAULT_LOCATION_CODE = 'AE';
