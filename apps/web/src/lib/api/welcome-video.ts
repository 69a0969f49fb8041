import type { WELCOME_VIDEO_API, WelcomeVideo } from '@marketplace/contracts/welcome-video-essentials';
import { useQuery } from '@tanstack/react-query';
import { getEarly } from '../early-requests';

/** The API's address, written out (its type checks it is the contract's): no chunk of its own to fetch. */
const ADDRESS: typeof WELCOME_VIDEO_API.current = '/api/welcome-video';

/**
 * The welcome video's addresses (decision 041): a visitor's home page came with them (its first
 * data); an empty state asks. Not parsed again (catalogue/api/listings.ts says why).
 */
export const useWelcomeVideo = () =>
  useQuery({
    queryKey: ['welcome-video'],
    queryFn: async () => ((await getEarly(ADDRESS)).data as { data: WelcomeVideo }).data,
    staleTime: 5 * 60_000,
  });
