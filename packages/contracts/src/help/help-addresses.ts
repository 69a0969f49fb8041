import type { MarkdownBlock } from './markdown';

/**
 * What the help centre's public pages need without zod (decision 007): the API's addresses, the
 * answers' shapes and the pages staff edit. The routes with their schemas are in help-routes.ts.
 */

/** The pages staff edit as Markdown, each at its own address (`/safety`, …). */
export const CONTENT_PAGES = ['safety', 'terms', 'privacy', 'about'] as const;
export type ContentPageSlug = (typeof CONTENT_PAGES)[number];
export const isContentPage = (value: unknown): value is ContentPageSlug =>
  typeof value === 'string' && (CONTENT_PAGES as readonly string[]).includes(value);

/** The pages that show when they last changed. */
export const DATED_CONTENT_PAGES: readonly ContentPageSlug[] = ['terms', 'privacy'];

export const HELP_LIMITS = {
  /** A search's text, in characters. */
  queryMax: 100,
  /** Search results on one page (the FAQ is a few hundred questions at most). */
  results: 20,
  questionMax: 200,
  answerMax: 5000,
  topicNameMax: 80,
  pageTitleMax: 120,
  pageBodyMax: 20000,
  positionMax: 1000,
  /** Versions a page's editor lists, newest first. */
  versionsShown: 50,
} as const;

export const HELP_API = {
  index: '/api/help',
  search: '/api/help/search',
  searchUrl: (q: string) => `/api/help/search?q=${encodeURIComponent(q)}`,
  question: (slug: string) => `/api/help/questions/${encodeURIComponent(slug)}`,
  vote: (id: number) => `/api/help/questions/${id}/vote`,
  page: (slug: ContentPageSlug) => `/api/help/pages/${slug}`,
} as const;

/** A question in a list: its address and its words in the reader's language. */
export interface HelpQuestionSummary {
  id: number;
  slug: string;
  topic: string;
  question: string;
}

export interface HelpTopic {
  slug: string;
  name: string;
  questions: HelpQuestionSummary[];
}

export interface HelpIndex {
  data: { topics: HelpTopic[] };
}

export interface HelpSearchAnswer {
  data: HelpQuestionSummary[];
  /** The words searched for instead of misspelt ones that found nothing ("Showing results for …"). */
  corrected_query: string | null;
}

export interface HelpVotes {
  helpful_yes: number;
  helpful_no: number;
  /** This person's or browser's vote; null before they vote. */
  mine: boolean | null;
}

export interface HelpQuestion {
  id: number;
  slug: string;
  topic: { slug: string; name: string };
  question: string;
  answer: MarkdownBlock[];
  votes: HelpVotes;
  /** Other questions of the topic. */
  related: HelpQuestionSummary[];
}

export interface ContentPage {
  slug: ContentPageSlug;
  title: string;
  body: MarkdownBlock[];
  version: number;
  /** When it last changed (ms since 1970). */
  updated_at: number;
}
