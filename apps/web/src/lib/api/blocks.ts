import type { BlockedUser } from '@marketplace/contracts';
import { BLOCKS_API } from '@marketplace/contracts/catalogue-essentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getEarly } from '../early-requests';
import { apiError, http } from '../http';
import { i18n, t } from '../i18n/i18n-store';
import { notify } from '../toasts/notify';

/* Typed, not parsed with zod: the block button is on the public seller page (decision 014). */

export const blocksQueryKey = ['blocks'] as const;

export async function getBlockedUsers(): Promise<BlockedUser[]> {
  const response = await getEarly(BLOCKS_API.list);
  return (response.data as { data: BlockedUser[] }).data;
}

/** The people the signed-in user blocked; asked only where a page needs it (the seller page, the list). */
export const useBlockedUsers = (signedIn = true) =>
  useQuery({ queryKey: blocksQueryKey, queryFn: getBlockedUsers, enabled: signedIn });

export interface BlockChange {
  user: { id: number; name: string };
  block: boolean;
}

/** Blocks or unblocks; says so in a toast, or why not (the server's message, else a plain failure). */
export function useChangeBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, block }: BlockChange) => {
      if (block) await http.put(BLOCKS_API.user(user.id));
      else await http.delete(BLOCKS_API.user(user.id));
    },
    onSuccess: (_nothing, { user, block }) =>
      notify.success(t(block ? 'block.done' : 'block.undone', { name: user.name })),
    onError: (error) => {
      const refused = apiError(error);
      notify.error(refused && refused.status === 409 ? i18n().text(refused.body.message) : t('block.failed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksQueryKey }),
  });
}
