import {
  ADMIN_WELCOME_VIDEO_ROUTES,
  type AdminWelcomeVideo,
  type WelcomeVideoPart,
} from '@marketplace/contracts/welcome-video';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

const key = ['admin', 'welcome-video'] as const;

/** The welcome video's files now, and which of them staff replaced. */
export const useAdminWelcomeVideo = () =>
  useQuery({
    queryKey: key,
    queryFn: async (): Promise<AdminWelcomeVideo> => (await callRoute(ADMIN_WELCOME_VIDEO_ROUTES.read)).data,
  });

/** Replaces a part with a file (its raw bytes; the server checks them) or, with null, puts the committed one back. */
export function useReplaceWelcomeVideoPart(part: WelcomeVideoPart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) =>
      file === null
        ? (await callRoute(ADMIN_WELCOME_VIDEO_ROUTES.reset, { params: { part } })).data
        : (
            await callRoute(ADMIN_WELCOME_VIDEO_ROUTES.replace, {
              params: { part },
              body: file,
              config: { headers: { 'Content-Type': file.type || 'application/octet-stream' } },
            })
          ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: ['welcome-video'] });
    },
  });
}
