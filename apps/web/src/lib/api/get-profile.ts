import { PROFILE_ROUTES, profileResponseSchema, type Profile } from '@marketplace/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routeUrl } from '../api-route';
import { getEarly } from '../early-requests';

/** Under ['user'], so whatever refreshes the signed-in user (sign-out, real-time events) refreshes it too. */
export const profileQueryKey = ['user', 'profile'] as const;

export async function getProfile(): Promise<Profile> {
  const response = await getEarly(routeUrl(PROFILE_ROUTES.read));
  return profileResponseSchema.parse(response.data).data;
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
