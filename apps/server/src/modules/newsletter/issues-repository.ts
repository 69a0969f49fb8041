import type { ListingCard, Locale } from '@marketplace/contracts';
import type {
  AdminNewsletterIssue,
  NewsletterIssueEdit,
  NewsletterIssuePage,
  NewsletterIssueSummary,
  NewsletterProgress,
} from '@marketplace/contracts/newsletter';
import { parseMarkdown } from '@marketplace/contracts/help';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, NewsletterIssuesTable } from '../../db/schema';
import { cardColumns, PUBLIC, toCard } from '../catalogue';

/** The newsletter's issues (decision 040): what staff write, what the archive shows. */

export type IssueRow = Selectable<NewsletterIssuesTable>;
type Words = Required<{ [K in keyof NewsletterIssueEdit]: Exclude<NewsletterIssueEdit[K], null | undefined> }>;

const ms = (date: Date | null) => (date === null ? null : date.getTime());

export async function createIssue(db: Kysely<Database>, words: Words, by: number): Promise<number> {
  const row = await db
    .insertInto('newsletter_issues')
    .values({ ...words, listing_ids: [...words.listing_ids], created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const readIssue = (db: Kysely<Database>, id: number) =>
  db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).executeTakeFirst();

/** The issue locked for a change in the caller's transaction (an edit, a send, a cancel waits for a batch). */
export const lockIssue = (db: Kysely<Database>, id: number) =>
  db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Where its sending stands: its deliveries, and the outbox's word on each one handed to it. */
export async function issueProgress(db: Kysely<Database>, issue: IssueRow): Promise<NewsletterProgress> {
  const { rows } = await sql<Record<keyof NewsletterProgress, string>>`
    select count(*) as total,
      count(*) filter (where d.status = 'queued') as queued,
      count(*) filter (where d.status = 'skipped') as skipped,
      count(*) filter (where o.status = 'sent') as sent,
      count(*) filter (where o.status = 'failed') as failed
    from newsletter_deliveries d left join mail_outbox o on o.id = d.outbox_id
    where d.issue_id = ${issue.id}`.execute(db);
  const row = rows[0];
  const count = (value: string | undefined) => Number(value ?? 0);
  return {
    total: count(row?.total),
    queued: count(row?.queued),
    skipped: count(row?.skipped),
    // Counted at the end: the outbox forgets sent mail after SENT_MAIL_KEPT_DAYS.
    sent: issue.sent_count ?? count(row?.sent),
    failed: issue.failed_count ?? count(row?.failed),
  };
}

export async function toAdminIssue(db: Kysely<Database>, row: IssueRow): Promise<AdminNewsletterIssue> {
  return {
    id: row.id,
    subject: row.subject,
    subject_ar: row.subject_ar,
    body: row.body,
    body_ar: row.body_ar,
    listing_ids: row.listing_ids,
    status: row.status,
    progress: await issueProgress(db, row),
    created_at: row.created_at.getTime(),
    started_at: ms(row.started_at),
    finished_at: ms(row.finished_at),
  };
}

export async function listAdminIssues(db: Kysely<Database>): Promise<AdminNewsletterIssue[]> {
  const rows = await db.selectFrom('newsletter_issues').selectAll().orderBy('id', 'desc').limit(100).execute();
  return Promise.all(rows.map((row) => toAdminIssue(db, row)));
}

/** The listings an issue shows, in the order staff picked them: those the public may see. */
export async function issueCards(db: Kysely<Database>, ids: readonly number[], locale: Locale): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('listings')
    .select((eb) => cardColumns(eb, locale))
    .where('listings.id', 'in', [...ids])
    .where('listings.status', 'in', [...PUBLIC])
    .where('listings.hidden_at', 'is', null)
    .execute();
  const cards = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

const subjectIn = (row: Pick<IssueRow, 'subject' | 'subject_ar'>, locale: Locale) =>
  locale === 'ar' ? row.subject_ar : row.subject;

/** The archive: issues sent, newest first, in the reader's language. */
export async function sentIssues(db: Kysely<Database>, locale: Locale): Promise<NewsletterIssueSummary[]> {
  const rows = await db
    .selectFrom('newsletter_issues')
    .select(['id', 'subject', 'subject_ar', 'started_at'])
    .where('status', 'in', ['sending', 'sent'])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ id: row.id, subject: subjectIn(row, locale), sent_at: ms(row.started_at) ?? 0 }));
}

/**
 * One issue, as its web version shows it in `locale`, once its sending began (a cancelled one too:
 * some had it, and its e-mail links here); undefined for a draft or none.
 */
export async function sentIssue(
  db: Kysely<Database>,
  id: number,
  locale: Locale,
): Promise<NewsletterIssuePage | undefined> {
  const row = await readIssue(db, id);
  if (!row || row.status === 'draft') return undefined;
  return {
    id: row.id,
    subject: subjectIn(row, locale),
    sent_at: ms(row.started_at) ?? 0,
    body: parseMarkdown(locale === 'ar' ? row.body_ar : row.body),
    listings: await issueCards(db, row.listing_ids, locale),
  };
}
