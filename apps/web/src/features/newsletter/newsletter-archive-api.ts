import { NEWSLETTER_API } from '@marketplace/contracts/newsletter-essentials';
import type { NewsletterIssuePage, NewsletterIssueSummary } from '@marketplace/contracts/newsletter';
import { useQuery } from '@tanstack/react-query';
import { getEarly, sentWithPage } from '../../lib/early-requests';

/*
 * The archive's answers, taken as the API declares them (the server checks what it sends), so its
 * pages load no zod. The first answer comes in the page the server sent (getEarly).
 */

export const useSentIssues = () =>
  useQuery({
    queryKey: ['newsletter', 'issues'],
    queryFn: async () => ((await getEarly(NEWSLETTER_API.archive)).data as { data: NewsletterIssueSummary[] }).data,
    initialData: () => (sentWithPage(NEWSLETTER_API.archive) as { data: NewsletterIssueSummary[] } | undefined)?.data,
  });

export const useSentIssue = (id: number) =>
  useQuery({
    queryKey: ['newsletter', 'issue', id],
    queryFn: async () =>
      ((await getEarly(`${NEWSLETTER_API.archive}/${id}`)).data as { data: NewsletterIssuePage }).data,
    retry: false,
  });
