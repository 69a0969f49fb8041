import { timezonesResponseSchema, type Timezone } from '@marketplace/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export async function getTimezones(): Promise<Timezone[]> {
  const response = await http.get('/timezones');
  return timezonesResponseSchema.parse(response.data).data;
}

export const timezonesQueryOptions = () =>
  queryOptions({ queryKey: ['timezones'], queryFn: getTimezones, staleTime: 60 * 60 * 1000 });

export const useTimezones = () => useQuery(timezonesQueryOptions());
