import type { ContentPageSlug } from '@marketplace/contracts/help-essentials';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/** The help centre (migration 0025), written by modules/help-centre and the reference seed. */
export interface HelpTopicsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  name_ar: string;
  position: number;
  created_at: CreatedAt;
}

export interface HelpQuestionsTable {
  id: Generated<number>;
  topic_id: number;
  slug: string;
  question: string;
  question_ar: string;
  /** Markdown (contracts' help/markdown.ts), as staff wrote it. */
  answer: string;
  answer_ar: string;
  position: number;
  published: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  search_document: ColumnType<string, never, never>;
}

/** Written by a trigger on help_questions; search reads it to correct typos. */
export interface HelpWordsTable {
  word: string;
  arabic: ColumnType<boolean, never, never>;
  /** The word with Arabic letters spelt in Latin ones, for pg_trgm (migration 0025). */
  key: ColumnType<string, never, never>;
}

export interface HelpVotesTable {
  question_id: number;
  voter: string;
  helpful: boolean;
  voted_at: UpdatedAt;
}

export interface HelpPagesTable {
  slug: ContentPageSlug;
  title: string;
  title_ar: string;
  body: string;
  body_ar: string;
  version: number;
  updated_at: UpdatedAt;
}

export interface HelpPageVersionsTable {
  slug: ContentPageSlug;
  version: number;
  title: string;
  title_ar: string;
  body: string;
  body_ar: string;
  created_at: CreatedAt;
  created_by: number | null;
}
