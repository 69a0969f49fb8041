import { message } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { lockIssue, type IssueRow } from './issues-repository';

const outOfTurn = (rule: Parameters<typeof message>[0]) => new HttpError(409, message(rule));

/**
 * A draft starts going out (decision 040): one delivery row per address confirmed on the list now,
 * in the caller's transaction; the sender hands them to the outbox at its pace. Anyone who confirms
 * later waits for the next issue. 409 for an issue that is not a draft.
 */
export async function startSending(trx: Kysely<Database>, issue: IssueRow): Promise<number> {
  if (issue.status !== 'draft') throw outOfTurn('admin.newsletter.notDraft');
  const added = await trx
    .insertInto('newsletter_deliveries')
    .columns(['issue_id', 'subscriber_id'])
    .expression((eb) =>
      eb
        .selectFrom('newsletter_subscribers')
        .select([eb.val(issue.id).as('issue_id'), 'id'])
        .where('status', '=', 'confirmed'),
    )
    .executeTakeFirst();
  await trx
    .updateTable('newsletter_issues')
    .set({ status: 'sending', started_at: new Date(), next_batch_at: null, updated_at: new Date() })
    .where('id', '=', issue.id)
    .execute();
  return Number(added.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * Stops a sending: the copies not handed over are skipped, and those waiting in the outbox that no
 * worker has taken are taken back (`withdraw`). A copy a worker is sending at this moment goes.
 * The issue's row lock waits for a batch under way, so none is handed over after this. 409 unless sending.
 */
export async function cancelSending(
  trx: Kysely<Database>,
  id: number,
  withdraw: (trx: Kysely<Database>, outboxIds: readonly number[]) => Promise<number[]>,
): Promise<IssueRow | undefined> {
  const issue = await lockIssue(trx, id);
  if (!issue) return undefined;
  if (issue.status !== 'sending') throw outOfTurn('admin.newsletter.notSending');
  await trx
    .updateTable('newsletter_deliveries')
    .set({ status: 'skipped' })
    .where('issue_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  const waiting = await trx
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('mail_outbox as o', 'o.id', 'd.outbox_id')
    .select('o.id')
    .where('d.issue_id', '=', id)
    .where('o.status', '=', 'pending')
    .execute();
  const withdrawn = await withdraw(
    trx,
    waiting.map((row) => row.id),
  );
  if (withdrawn.length > 0) {
    await trx
      .updateTable('newsletter_deliveries')
      .set({ status: 'skipped' })
      .where('issue_id', '=', id)
      .where('outbox_id', 'in', withdrawn)
      .execute();
  }
  await trx
    .updateTable('newsletter_issues')
    .set({ status: 'cancelled', finished_at: new Date(), next_batch_at: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return issue;
}
