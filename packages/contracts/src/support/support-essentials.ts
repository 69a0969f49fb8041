import type { MessageKey } from '../i18n/message';

/**
 * What the support pages need without a single schema (their own entry point,
 * `@marketplace/contracts/support-essentials`, so /support, a public page, does not download zod):
 * the addresses, the topics and states with their words, the limits.
 */

/** What a ticket is about, in the order the form lists them. */
export const supportTopics = ['buying', 'selling', 'order', 'account', 'safety', 'other'] as const;
export type SupportTopic = (typeof supportTopics)[number];

/** new: nobody answered yet; waiting_user: the team answered; waiting_staff: the user wrote again. */
export const supportStates = ['new', 'waiting_user', 'waiting_staff', 'resolved'] as const;
export type SupportState = (typeof supportStates)[number];
/** The states staff may set by hand (new is only where a ticket starts). */
export const supportManualStates = ['waiting_user', 'waiting_staff', 'resolved'] as const;

export const SUPPORT_TOPIC_NAMES: Readonly<Record<SupportTopic, MessageKey>> = {
  buying: 'support.topic.buying',
  selling: 'support.topic.selling',
  order: 'support.topic.order',
  account: 'support.topic.account',
  safety: 'support.topic.safety',
  other: 'support.topic.other',
};

export const SUPPORT_STATE_NAMES: Readonly<Record<SupportState, MessageKey>> = {
  new: 'support.state.new',
  waiting_user: 'support.state.waitingUser',
  waiting_staff: 'support.state.waitingStaff',
  resolved: 'support.state.resolved',
};

export const SUPPORT_LIMITS = {
  messageMin: 10,
  messageMax: 5000,
  nameMax: 100,
  emailMax: 254,
  /** Photos on a ticket (its first message). */
  photosMax: 3,
  /** The user's list, newest first. */
  listMax: 100,
  /** Orders and listings the form offers to refer to. */
  referencesMax: 50,
} as const;

/** The API's addresses the pages call (SUPPORT_ROUTES in support-routes.ts defines them with their schemas). */
export const SUPPORT_API = {
  form: '/api/support/form',
  references: '/api/support/references',
  tickets: '/api/support/tickets',
  ticket: (id: number) => `/api/support/tickets/${id}`,
  replies: (id: number) => `/api/support/tickets/${id}/messages`,
  photos: (id: number) => `/api/support/tickets/${id}/photos`,
  visitorTicket: (token: string) => `/api/support/visitor/${token}`,
  visitorReplies: (token: string) => `/api/support/visitor/${token}/messages`,
  visitorPhotos: (token: string) => `/api/support/visitor/${token}/photos`,
} as const;

/** What the pages read (the schemas in support-tickets.ts describe the same). */
export interface SupportPhoto {
  url: string;
  width: number;
  height: number;
  placeholder: string;
}
export interface SupportMessage {
  id: number;
  from: 'user' | 'staff';
  author: string | null;
  body: string;
  created_at: string;
  photos: SupportPhoto[];
}
export interface SupportTicketSummary {
  id: number;
  topic: SupportTopic;
  state: SupportState;
  subject: string;
  created_at: string;
  updated_at: string;
}
export interface SupportTicket extends SupportTicketSummary {
  order_id: number | null;
  listing_id: number | null;
  messages: SupportMessage[];
  photos_left: number;
}
export interface SupportReferences {
  orders: { id: number; title: string; role: 'buyer' | 'seller' }[];
  listings: { id: number; title: string }[];
}
