import type { NewsletterIssueStatus } from '@marketplace/contracts/newsletter';

/** Each state's words, written out so the catalogue's check finds each key. */
export const STATUS_LABELS = {
  draft: 'admin.newsletter.status.draft',
  sending: 'admin.newsletter.status.sending',
  sent: 'admin.newsletter.status.sent',
  cancelled: 'admin.newsletter.status.cancelled',
} as const satisfies Record<NewsletterIssueStatus, string>;
