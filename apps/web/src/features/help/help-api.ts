import {
  HELP_API,
  type ContentPage,
  type ContentPageSlug,
  type HelpIndex,
  type HelpQuestion,
  type HelpSearchAnswer,
  type HelpVotes,
} from '@marketplace/contracts/help-essentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getEarly, sentWithPage } from '../../lib/early-requests';
import { http } from '../../lib/http';

/*
 * The help centre's answers, taken as the API declares them (the server checks what it sends), so
 * its pages load no zod. The first answer of each comes in the page the server sent (getEarly).
 */

export const helpKeys = {
  index: ['help', 'index'] as const,
  search: (q: string) => ['help', 'search', q] as const,
  question: (slug: string) => ['help', 'question', slug] as const,
  page: (slug: ContentPageSlug) => ['help', 'page', slug] as const,
};

export const useHelpIndex = () =>
  useQuery({
    queryKey: helpKeys.index,
    queryFn: async () => ((await getEarly(HELP_API.index)).data as HelpIndex).data.topics,
    initialData: () => (sentWithPage(HELP_API.index) as HelpIndex | undefined)?.data.topics,
  });

export const useHelpSearch = (q: string) =>
  useQuery({
    queryKey: helpKeys.search(q),
    queryFn: async () => (await getEarly(HELP_API.searchUrl(q))).data as HelpSearchAnswer,
    enabled: q !== '',
  });

export const useHelpQuestion = (slug: string) =>
  useQuery({
    queryKey: helpKeys.question(slug),
    queryFn: async () => ((await getEarly(HELP_API.question(slug))).data as { data: HelpQuestion }).data,
  });

export const useContentPage = (slug: ContentPageSlug) =>
  useQuery({
    queryKey: helpKeys.page(slug),
    queryFn: async () => ((await getEarly(HELP_API.page(slug))).data as { data: ContentPage }).data,
  });

/** "Was this helpful?": the counts come back with this person's vote in them. */
export function useHelpVote(question: HelpQuestion) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (helpful: boolean) =>
      ((await http.post(HELP_API.vote(question.id), { helpful })).data as { data: HelpVotes }).data,
    onSuccess: (votes) =>
      queryClient.setQueryData<HelpQuestion>(helpKeys.question(question.slug), (old) => old && { ...old, votes }),
  });
}
