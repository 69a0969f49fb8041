import { PROFILE_ROUTES, profileResponseSchema, type Profile, type ProfileUpdateRequest } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../lib/api/get-current-user';
import { callRoute } from '../../../lib/api-route';
import { profileQueryKey } from '../../../lib/api/get-profile';

export async function updateProfile(input: ProfileUpdateRequest): Promise<Profile> {
  return callRoute(PROFILE_ROUTES.update, { body: input }, (data) => profileResponseSchema.parse(data).data);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The header shows the user's name and avatar.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
    },
  });
}
