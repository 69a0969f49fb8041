import { encodeMessage, message } from '@marketplace/contracts';
import {
  HELP_LIMITS,
  type AdminHelpPage,
  type AdminHelpQuestion,
  type AdminHelpTopic,
  type ContentPageSlug,
} from '@marketplace/contracts/help';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../plugins/validation';

/**
 * The back-office's writes of the help centre (decision 031): topics, questions and pages, each a
 * row read back as the editor shows it. The routes run them in a unit of work with the audit row.
 */

type Db = Kysely<Database>;

interface TopicValues {
  name: string;
  name_ar: string;
  position: number;
}
interface QuestionValues {
  topic_id: number;
  question: string;
  question_ar: string;
  answer: string;
  answer_ar: string;
  position: number;
  published: boolean;
}
interface PageValues {
  title: string;
  title_ar: string;
  body: string;
  body_ar: string;
}

/** An address from English words: "How do I pay?" → how-do-i-pay; another's already: -2, -3, … */
async function freeSlug(db: Db, table: 'help_topics' | 'help_questions', words: string, fallback: string) {
  const base =
    words
      .toLowerCase()
      .replaceAll(/[^a-z0-9]+/g, '-')
      .replaceAll(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || fallback;
  const taken = new Set(
    (
      await db
        .selectFrom(table)
        .select('slug')
        .where(sql<boolean>`slug = ${base} or slug ~ ${`^${base}-[0-9]+$`}`)
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const readTopics = (db: Db): Promise<AdminHelpTopic[]> =>
  db
    .selectFrom('help_topics')
    .select(['id', 'slug', 'name', 'name_ar', 'position'])
    .orderBy('position')
    .orderBy('id')
    .execute();

export async function readQuestions(db: Db, id?: number): Promise<AdminHelpQuestion[]> {
  let query = db
    .selectFrom('help_questions')
    .leftJoin('help_votes', 'help_votes.question_id', 'help_questions.id')
    .select([
      'help_questions.id',
      'help_questions.topic_id',
      'help_questions.slug',
      'help_questions.question',
      'help_questions.question_ar',
      'help_questions.answer',
      'help_questions.answer_ar',
      'help_questions.position',
      'help_questions.published',
      'help_questions.updated_at',
      sql<number>`count(help_votes.voter) filter (where help_votes.helpful)::int`.as('helpful_yes'),
      sql<number>`count(help_votes.voter) filter (where not help_votes.helpful)::int`.as('helpful_no'),
    ])
    .groupBy('help_questions.id')
    .orderBy('help_questions.topic_id')
    .orderBy('help_questions.position')
    .orderBy('help_questions.id');
  if (id !== undefined) query = query.where('help_questions.id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, updated_at: row.updated_at.getTime() }));
}

export async function createTopic(db: Db, values: TopicValues): Promise<AdminHelpTopic> {
  const slug = await freeSlug(db, 'help_topics', values.name, 'topic');
  return db
    .insertInto('help_topics')
    .values({ slug, ...values })
    .returning(['id', 'slug', 'name', 'name_ar', 'position'])
    .executeTakeFirstOrThrow();
}

/** The topic before and after; undefined when there is none. */
export async function editTopic(db: Db, id: number, values: TopicValues) {
  const before = await db
    .selectFrom('help_topics')
    .select(['id', 'slug', 'name', 'name_ar', 'position'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const after = await db
    .updateTable('help_topics')
    .set(values)
    .where('id', '=', id)
    .returning(['id', 'slug', 'name', 'name_ar', 'position'])
    .executeTakeFirstOrThrow();
  return { before, after };
}

async function requireTopic(db: Db, topicId: number) {
  const topic = await db.selectFrom('help_topics').select('id').where('id', '=', topicId).executeTakeFirst();
  if (!topic) throw ValidationError.forField('topic_id', encodeMessage(message('admin.help.topicUnknown')));
}

export async function createQuestion(db: Db, values: QuestionValues): Promise<number> {
  await requireTopic(db, values.topic_id);
  const slug = await freeSlug(db, 'help_questions', values.question, 'question');
  const row = await db
    .insertInto('help_questions')
    .values({ slug, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const questionColumns = [
  'topic_id',
  'question',
  'question_ar',
  'answer',
  'answer_ar',
  'position',
  'published',
] as const;

/** The question's words and place before and after; undefined when there is none. Its address stays. */
export async function editQuestion(db: Db, id: number, values: QuestionValues) {
  const before = await db
    .selectFrom('help_questions')
    .select(questionColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await requireTopic(db, values.topic_id);
  const after = await db
    .updateTable('help_questions')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(questionColumns)
    .executeTakeFirstOrThrow();
  return { before, after };
}

export const readPageList = async (db: Db) =>
  (await db.selectFrom('help_pages').select(['slug', 'title', 'version', 'updated_at']).orderBy('slug').execute()).map(
    (row) => ({ ...row, updated_at: row.updated_at.getTime() }),
  );

/** A page with both languages and its newest versions, each naming who wrote it. */
export async function readAdminPage(db: Db, slug: ContentPageSlug): Promise<AdminHelpPage | undefined> {
  const page = await db
    .selectFrom('help_pages')
    .select(['slug', 'title', 'title_ar', 'body', 'body_ar', 'version', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!page) return undefined;
  const versions = await db
    .selectFrom('help_page_versions')
    .leftJoin('users', 'users.id', 'help_page_versions.created_by')
    .select([
      'help_page_versions.version',
      'help_page_versions.title',
      'help_page_versions.title_ar',
      'help_page_versions.body',
      'help_page_versions.body_ar',
      'help_page_versions.created_at',
      'help_page_versions.created_by',
      sql<string | null>`users.first_name || ' ' || users.last_name`.as('author'),
    ])
    .where('help_page_versions.slug', '=', slug)
    .orderBy('help_page_versions.version', 'desc')
    .limit(HELP_LIMITS.versionsShown)
    .execute();
  return {
    ...page,
    updated_at: page.updated_at.getTime(),
    versions: versions.map(({ author, created_by, created_at, ...version }) => ({
      ...version,
      created_at: created_at.getTime(),
      created_by: created_by === null ? null : (author ?? ''),
    })),
  };
}

/** A new version of the page (the current one and the history); the page before and after. */
export async function writePage(db: Db, slug: ContentPageSlug, values: PageValues, authorId: number) {
  const before = await db
    .selectFrom('help_pages')
    .select(['title', 'title_ar', 'body', 'body_ar', 'version'])
    .where('slug', '=', slug)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const version = before.version + 1;
  await db
    .updateTable('help_pages')
    .set({ ...values, version, updated_at: sql<Date>`now()` })
    .where('slug', '=', slug)
    .execute();
  await db
    .insertInto('help_page_versions')
    .values({ slug, version, ...values, created_by: authorId })
    .execute();
  return { before, after: { ...values, version } };
}

/** An earlier version's words, or undefined when the page never had it. */
export const readVersion = (db: Db, slug: ContentPageSlug, version: number) =>
  db
    .selectFrom('help_page_versions')
    .select(['title', 'title_ar', 'body', 'body_ar'])
    .where('slug', '=', slug)
    .where('version', '=', version)
    .executeTakeFirst();
