import { profileResponseSchema, type Profile, type ProfileUpdateRequest } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../lib/api/get-current-user';
import { http } from '../../../lib/http';
import { profileQueryKey } from '../../../lib/api/get-profile';

export async function updateProfile(input: ProfileUpdateRequest): Promise<Profile> {
  const response = await http.put('/user/profile', input);
  return profileResponseSchema.parse(response.data).data;
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
