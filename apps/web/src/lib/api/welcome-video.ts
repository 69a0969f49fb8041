import { WELCOME_VIDEO_API, type WelcomeVideo } from '@marketplace/contracts/welcome-video-essentials';
import { useQuery } from '@tanstack/react-query';
import { getEarly } from '../early-requests';

/**
 * The welcome video's addresses (decision 041): a visitor's home page came with them (its first
 * data); an empty state asks. Not parsed again (catalogue/api/listings.ts says why).
 */
export const useWelcomeVideo = () =>
  useQuery({
    queryKey: ['welcome-video'],
    queryFn: async () => ((await getEarly(WELCOME_VIDEO_API.current)).data as { data: WelcomeVideo }).data,
    staleTime: 5 * 60_000,
  });
