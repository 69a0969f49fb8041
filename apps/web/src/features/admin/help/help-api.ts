import {
  ADMIN_HELP_ROUTES,
  type AdminHelpPage,
  type AdminHelpQuestion,
  type AdminHelpTopic,
  type ContentPageSlug,
  type HelpPageEdit,
  type HelpQuestionEdit,
  type HelpTopicEdit,
} from '@marketplace/contracts/help';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

const faqKey = ['admin', 'help', 'faq'] as const;
const pagesKey = ['admin', 'help', 'pages'] as const;
const pageKey = (slug: ContentPageSlug) => ['admin', 'help', 'page', slug] as const;

/** Every topic and question, both languages, published or not. */
export const useAdminFaq = () =>
  useQuery({
    queryKey: faqKey,
    queryFn: async (): Promise<{ topics: AdminHelpTopic[]; questions: AdminHelpQuestion[] }> =>
      (await callRoute(ADMIN_HELP_ROUTES.faq)).data,
  });

/** A new topic (id undefined) or an edit of one; the FAQ is read again after it. */
export function useSaveTopic(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HelpTopicEdit) =>
      id === undefined
        ? (await callRoute(ADMIN_HELP_ROUTES.createTopic, { body })).data
        : (await callRoute(ADMIN_HELP_ROUTES.editTopic, { params: { id }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqKey }),
  });
}

/** A new question (id undefined) or an edit of one; the FAQ is read again after it. */
export function useSaveQuestion(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HelpQuestionEdit) =>
      id === undefined
        ? (await callRoute(ADMIN_HELP_ROUTES.createQuestion, { body })).data
        : (await callRoute(ADMIN_HELP_ROUTES.editQuestion, { params: { id }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqKey }),
  });
}

export const useAdminPages = () =>
  useQuery({ queryKey: pagesKey, queryFn: async () => (await callRoute(ADMIN_HELP_ROUTES.pages)).data });

export const useAdminPage = (slug: ContentPageSlug) =>
  useQuery({
    queryKey: pageKey(slug),
    queryFn: async (): Promise<AdminHelpPage> => (await callRoute(ADMIN_HELP_ROUTES.page, { params: { slug } })).data,
  });

/** Saves a new version, or restores an earlier one as a new version; the page comes back with its history. */
export function useWritePage(slug: ContentPageSlug) {
  const queryClient = useQueryClient();
  const settle = (page: AdminHelpPage) => {
    queryClient.setQueryData(pageKey(slug), page);
    void queryClient.invalidateQueries({ queryKey: pagesKey });
    void queryClient.invalidateQueries({ queryKey: ['help', 'page', slug] });
  };
  return {
    save: useMutation({
      mutationFn: async (body: HelpPageEdit) =>
        (await callRoute(ADMIN_HELP_ROUTES.editPage, { params: { slug }, body })).data,
      onSuccess: settle,
    }),
    restore: useMutation({
      mutationFn: async (version: number) =>
        (await callRoute(ADMIN_HELP_ROUTES.restorePage, { params: { slug, version } })).data,
      onSuccess: settle,
    }),
  };
}
