import {
  ADMIN_NEWSLETTER_ROUTES,
  NEWSLETTER_PROGRESS_EVENT,
  type AdminNewsletterIssue,
  type NewsletterIssueEdit,
} from '@marketplace/contracts/newsletter';
import { ADMIN_LISTINGS_ROUTES, type AdminListingsPage } from '@marketplace/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from '../../../lib/api-route';
import { listen } from '../../../lib/realtime';

const newsletterKey = ['admin', 'newsletter'] as const;
const listKey = [...newsletterKey, 'list'] as const;
const issueKey = (id: number) => [...newsletterKey, 'issue', id] as const;

/** The issues, newest first: drafts, those being sent, sent and cancelled. */
export const useIssues = () =>
  useQuery({
    queryKey: listKey,
    queryFn: async (): Promise<AdminNewsletterIssue[]> => (await callRoute(ADMIN_NEWSLETTER_ROUTES.list)).data,
  });

export const useIssue = (id: number) =>
  useQuery({
    queryKey: issueKey(id),
    queryFn: async () => (await callRoute(ADMIN_NEWSLETTER_ROUTES.one, { params: { id } })).data,
  });

/**
 * While the screen is open it follows the staff channel: a batch handed to the outbox (at most one
 * push a second per issue) or a cancel asks that issue again; a connection back asks for all.
 */
export function useLiveProgress(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listen((channels) => channels.staff(), {
        [NEWSLETTER_PROGRESS_EVENT]: (data: { id: number }) => {
          void queryClient.invalidateQueries({ queryKey: issueKey(data.id) });
          void queryClient.invalidateQueries({ queryKey: listKey });
        },
        reconnected: () => void queryClient.invalidateQueries({ queryKey: newsletterKey }),
      }),
    [queryClient],
  );
}

/** An answer with the issue as it now is: it replaces the one shown, and the list asks again. */
function useIssueChange<A>(change: (argument: A) => Promise<{ data: AdminNewsletterIssue }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (argument: A) => (await change(argument)).data,
    onSuccess: (issue) => {
      queryClient.setQueryData(issueKey(issue.id), issue);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** A new issue (id undefined) or a draft's new words. */
export const useSaveIssue = (id: number | undefined) =>
  useIssueChange((body: NewsletterIssueEdit) =>
    id === undefined
      ? callRoute(ADMIN_NEWSLETTER_ROUTES.create, { body })
      : callRoute(ADMIN_NEWSLETTER_ROUTES.edit, { params: { id }, body }),
  );

export const useTestIssue = (id: number) =>
  useIssueChange((locales: ('en' | 'ar')[]) =>
    callRoute(ADMIN_NEWSLETTER_ROUTES.test, { params: { id }, body: { locales } }),
  );

export const useSendIssue = (id: number) =>
  useIssueChange(() => callRoute(ADMIN_NEWSLETTER_ROUTES.send, { params: { id } }));

export const useCancelIssue = (id: number) =>
  useIssueChange(() => callRoute(ADMIN_NEWSLETTER_ROUTES.cancel, { params: { id } }));

/** The e-mail in both languages, composed by the server as the mail worker will; asked for on demand. */
export const usePreview = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...newsletterKey, 'preview', id],
    queryFn: async () => (await callRoute(ADMIN_NEWSLETTER_ROUTES.preview, { params: { id } })).data,
    enabled,
    gcTime: 0,
  });

/** Listings to pick for an issue: by title, or by id (the back-office's listing search). */
export const useListingSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'listings', 'pick', q],
    queryFn: (): Promise<AdminListingsPage> =>
      callRoute(ADMIN_LISTINGS_ROUTES.listings, { config: { params: { q, status: 'active' } } }),
    enabled: q.trim() !== '',
  });
