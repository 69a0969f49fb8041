import { citiesResponseSchema, PLACES_ROUTES, type City } from '@marketplace/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routeUrl } from '../api-route';
import { getEarly } from '../early-requests';

export async function getCities(): Promise<City[]> {
  const response = await getEarly(routeUrl(PLACES_ROUTES.cities));
  return citiesResponseSchema.parse(response.data).data;
}

/** Reference data: it changes with a deployment, not while someone edits their profile. */
export const citiesQueryOptions = () =>
  queryOptions({ queryKey: ['cities'], queryFn: getCities, staleTime: 60 * 60 * 1000 });

export const useCities = () => useQuery(citiesQueryOptions());
