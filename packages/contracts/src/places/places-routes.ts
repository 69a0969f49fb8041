import { defineRoute } from '../http/api-route';
import { citiesResponseSchema, timezonesResponseSchema } from '../places';

/** Reference data with nothing personal in it (decision 009). */
export const PLACES_ROUTES = {
  cities: defineRoute({ method: 'GET', path: '/cities', response: { 200: citiesResponseSchema } }),
  timezones: defineRoute({ method: 'GET', path: '/timezones', response: { 200: timezonesResponseSchema } }),
} as const;
