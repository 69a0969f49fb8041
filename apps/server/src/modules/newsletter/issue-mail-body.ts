import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MailBodyRenderer } from '../notifications';
import { renderIssueMail, type IssueWords } from './issue-mail';
import { issueCards, readIssue } from './issues-repository';

/** Long enough for a whole sending to read the issue once per language; short enough that a price change shows. */
const KEPT_MS = 10 * 60 * 1000;
const KEPT_MAX = 20;

/**
 * The words of a `newsletter.issue` e-mail for the mail worker (decision 040): the issue read once
 * per language while it is being sent, not once per subscriber. A draft (a test copy, a preview) is
 * read afresh each time, since it may still change.
 */
export function issueMailBody(db: Kysely<Database>): MailBodyRenderer {
  const kept = new Map<string, { words: IssueWords; at: number }>();
  return async ({ locale, data, baseUrl }) => {
    const id = data['issue_id'];
    if (typeof id !== 'number') return undefined;
    const key = `${id}:${locale}`;
    let words = kept.get(key);
    if (!words || Date.now() - words.at > KEPT_MS) {
      const row = await readIssue(db, id);
      if (!row) return undefined;
      words = {
        at: Date.now(),
        words: {
          id,
          subject: locale === 'ar' ? row.subject_ar : row.subject,
          body: locale === 'ar' ? row.body_ar : row.body,
          listings: await issueCards(db, row.listing_ids, locale),
        },
      };
      if (row.status !== 'draft') {
        if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value ?? '');
        kept.set(key, words);
      }
    }
    return renderIssueMail(words.words, locale, baseUrl, data['test'] === 1);
  };
}
