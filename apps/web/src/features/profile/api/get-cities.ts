import { citiesResponseSchema, type City } from '@marketplace/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export async function getCities(): Promise<City[]> {
  const response = await http.get('/cities');
  return citiesResponseSchema.parse(response.data).data;
}

/** Reference data: it changes with a deployment, not while someone edits their profile. */
export const citiesQueryOptions = () =>
  queryOptions({ queryKey: ['cities'], queryFn: getCities, staleTime: 60 * 60 * 1000 });

export const useCities = () => useQuery(citiesQueryOptions());
