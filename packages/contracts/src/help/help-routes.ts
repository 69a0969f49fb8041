import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { idParamsSchema, int4IdParam } from '../http/route-params';
import { encodeMessage, message } from '../i18n/message';
import { boundedWholeNumber } from '../rules/number-fields';
import { ruledText } from '../rules/zod-fields';
import { CONTENT_PAGES, HELP_LIMITS } from './help-addresses';

/**
 * The help centre's routes (issue 30, decision 031): the FAQ and its search, a vote per question,
 * the pages staff edit; and the back-office's editors of both (`help.edit`). Times are ms since 1970.
 */

const invalid = () => encodeMessage(message('laravel.invalidValue'));

const spanSchema = z.object({
  text: z.string(),
  strong: z.optional(z.boolean()),
  em: z.optional(z.boolean()),
  href: z.optional(z.string()),
});
export const markdownBlockSchema = z.object({
  type: z.enum(['h2', 'h3', 'p', 'ul', 'ol']),
  spans: z.optional(z.array(spanSchema)),
  items: z.optional(z.array(z.array(spanSchema))),
});

const summarySchema = z.object({ id: z.number(), slug: z.string(), topic: z.string(), question: z.string() });

/** A question's address: the slug its English words gave it when it was written. */
const slugParam = z.string().check(z.regex(/^[a-z0-9-]{1,120}$/));
const pageParam = z.enum(CONTENT_PAGES);

export const helpSearchQuerySchema = z.object({
  q: ruledText({ label: 'help.field.search', rules: { max: HELP_LIMITS.queryMax } }),
});

export const helpVoteSchema = z.object({ helpful: z.boolean({ error: invalid }) }, { error: invalid });

const votesSchema = z.object({ helpful_yes: z.number(), helpful_no: z.number(), mine: z.nullable(z.boolean()) });

export const HELP_ROUTES = {
  index: defineRoute({
    method: 'GET',
    path: '/api/help',
    response: {
      200: z.object({
        data: z.object({
          topics: z.array(z.object({ slug: z.string(), name: z.string(), questions: z.array(summarySchema) })),
        }),
      }),
    },
  }),
  /** Both languages at once, with typos corrected when the words as typed find nothing. */
  search: defineRoute({
    method: 'GET',
    path: '/api/help/search',
    querystring: helpSearchQuerySchema,
    response: { 200: z.object({ data: z.array(summarySchema), corrected_query: z.nullable(z.string()) }) },
  }),
  question: defineRoute({
    method: 'GET',
    path: '/api/help/questions/:slug',
    params: z.object({ slug: slugParam }),
    response: {
      200: z.object({
        data: z.object({
          id: z.number(),
          slug: z.string(),
          topic: z.object({ slug: z.string(), name: z.string() }),
          question: z.string(),
          answer: z.array(markdownBlockSchema),
          votes: votesSchema,
          related: z.array(summarySchema),
        }),
      }),
    },
  }),
  /** One vote per person (signed in) or browser (its session), which a second vote changes; throttled per address. */
  vote: defineRoute({
    method: 'POST',
    path: '/api/help/questions/:id/vote',
    params: idParamsSchema,
    body: helpVoteSchema,
    response: { 200: z.object({ data: votesSchema }) },
  }),
  page: defineRoute({
    method: 'GET',
    path: '/api/help/pages/:slug',
    params: z.object({ slug: pageParam }),
    response: {
      200: z.object({
        data: z.object({
          slug: pageParam,
          title: z.string(),
          body: z.array(markdownBlockSchema),
          version: z.number(),
          updated_at: z.number(),
        }),
      }),
    },
  }),
} as const;

// The back-office's editors.

const position = boundedWholeNumber('admin.field.position', { min: 1, max: HELP_LIMITS.positionMax });
const text = (label: Parameters<typeof ruledText>[0]['label'], max: number, multiline = false) =>
  ruledText({ label, rules: { required: true, max } }, { multiline });

export const helpTopicEditSchema = z.object(
  {
    name: text('admin.help.field.nameEn', HELP_LIMITS.topicNameMax),
    name_ar: text('admin.help.field.nameAr', HELP_LIMITS.topicNameMax),
    position,
  },
  { error: invalid },
);
export type HelpTopicEdit = z.input<typeof helpTopicEditSchema>;

export const helpQuestionEditSchema = z.object(
  {
    topic_id: z.int({ error: invalid }).check(z.gte(1, { error: invalid }), z.lte(2147483647, { error: invalid })),
    question: text('admin.help.field.questionEn', HELP_LIMITS.questionMax),
    question_ar: text('admin.help.field.questionAr', HELP_LIMITS.questionMax),
    answer: text('admin.help.field.answerEn', HELP_LIMITS.answerMax, true),
    answer_ar: text('admin.help.field.answerAr', HELP_LIMITS.answerMax, true),
    position,
    published: z.boolean({ error: invalid }),
  },
  { error: invalid },
);
export type HelpQuestionEdit = z.input<typeof helpQuestionEditSchema>;

export const helpPageEditSchema = z.object(
  {
    title: text('admin.help.field.titleEn', HELP_LIMITS.pageTitleMax),
    title_ar: text('admin.help.field.titleAr', HELP_LIMITS.pageTitleMax),
    body: text('admin.help.field.bodyEn', HELP_LIMITS.pageBodyMax, true),
    body_ar: text('admin.help.field.bodyAr', HELP_LIMITS.pageBodyMax, true),
  },
  { error: invalid },
);
export type HelpPageEdit = z.input<typeof helpPageEditSchema>;

const adminTopicSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  position: z.number(),
});
export type AdminHelpTopic = z.infer<typeof adminTopicSchema>;

const adminQuestionSchema = z.object({
  id: z.number(),
  topic_id: z.number(),
  slug: z.string(),
  question: z.string(),
  question_ar: z.string(),
  answer: z.string(),
  answer_ar: z.string(),
  position: z.number(),
  published: z.boolean(),
  helpful_yes: z.number(),
  helpful_no: z.number(),
  updated_at: z.number(),
});
export type AdminHelpQuestion = z.infer<typeof adminQuestionSchema>;

const pageContentSchema = z.object({ title: z.string(), title_ar: z.string(), body: z.string(), body_ar: z.string() });
const adminPageSchema = z.object({
  slug: pageParam,
  ...pageContentSchema.shape,
  version: z.number(),
  updated_at: z.number(),
  versions: z.array(
    z.object({
      version: z.number(),
      ...pageContentSchema.shape,
      created_at: z.number(),
      /** Who wrote it (their name); null: as seeded. */
      created_by: z.nullable(z.string()),
    }),
  ),
});
export type AdminHelpPage = z.infer<typeof adminPageSchema>;

export const ADMIN_HELP_ROUTES = {
  faq: defineRoute({
    method: 'GET',
    path: '/api/admin/help',
    response: {
      200: z.object({ data: z.object({ topics: z.array(adminTopicSchema), questions: z.array(adminQuestionSchema) }) }),
    },
  }),
  createTopic: defineRoute({
    method: 'POST',
    path: '/api/admin/help/topics',
    body: helpTopicEditSchema,
    response: { 201: z.object({ data: adminTopicSchema }) },
  }),
  editTopic: defineRoute({
    method: 'PUT',
    path: '/api/admin/help/topics/:id',
    params: idParamsSchema,
    body: helpTopicEditSchema,
    response: { 200: z.object({ data: adminTopicSchema }) },
  }),
  /** 422 for an unknown topic, under `topic_id`. */
  createQuestion: defineRoute({
    method: 'POST',
    path: '/api/admin/help/questions',
    body: helpQuestionEditSchema,
    response: { 201: z.object({ data: adminQuestionSchema }) },
  }),
  editQuestion: defineRoute({
    method: 'PUT',
    path: '/api/admin/help/questions/:id',
    params: idParamsSchema,
    body: helpQuestionEditSchema,
    response: { 200: z.object({ data: adminQuestionSchema }) },
  }),
  pages: defineRoute({
    method: 'GET',
    path: '/api/admin/help/pages',
    response: {
      200: z.object({
        data: z.array(z.object({ slug: pageParam, title: z.string(), version: z.number(), updated_at: z.number() })),
      }),
    },
  }),
  page: defineRoute({
    method: 'GET',
    path: '/api/admin/help/pages/:slug',
    params: z.object({ slug: pageParam }),
    response: { 200: z.object({ data: adminPageSchema }) },
  }),
  /** A new version; the public page shows it at once. */
  editPage: defineRoute({
    method: 'PUT',
    path: '/api/admin/help/pages/:slug',
    params: z.object({ slug: pageParam }),
    body: helpPageEditSchema,
    response: { 200: z.object({ data: adminPageSchema }) },
  }),
  /** A new version with an earlier one's words; 404 for a version the page never had. */
  restorePage: defineRoute({
    method: 'POST',
    path: '/api/admin/help/pages/:slug/versions/:version/restore',
    params: z.object({ slug: pageParam, version: int4IdParam }),
    response: { 200: z.object({ data: adminPageSchema }) },
  }),
} as const;
