import { PLACES_ROUTES, timezonesResponseSchema, type Timezone } from '@marketplace/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routeUrl } from '../../../lib/api-route';
import { getEarly } from '../../../lib/early-requests';

export async function getTimezones(): Promise<Timezone[]> {
  const response = await getEarly(routeUrl(PLACES_ROUTES.timezones));
  return timezonesResponseSchema.parse(response.data).data;
}

export const timezonesQueryOptions = () =>
  queryOptions({ queryKey: ['timezones'], queryFn: getTimezones, staleTime: 60 * 60 * 1000 });

export const useTimezones = () => useQuery(timezonesQueryOptions());
