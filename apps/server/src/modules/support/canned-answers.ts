import { API_MESSAGES, message } from '@marketplace/contracts';
import { CANNED_LIMITS, type CannedAnswer } from '@marketplace/contracts/support';
import type { z } from 'zod/mini';
import type { cannedAnswerInputSchema } from '@marketplace/contracts/support';
import type { DomainEventBus } from '../../events/unit-of-work';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../staff';

type CannedInput = z.output<typeof cannedAnswerInputSchema>;

const COLUMNS = ['id', 'title_en', 'title_ar', 'body_en', 'body_ar'] as const;

export function listCanned(db: Kysely<Database>): Promise<CannedAnswer[]> {
  return db.selectFrom('support_canned_answers').select(COLUMNS).orderBy('title_en').orderBy('id').execute();
}

/** Saved replies, each change with its audit row in its transaction. */
export async function createCanned(events: DomainEventBus, actor: AuditActor, input: CannedInput) {
  return events.run(async (unit) => {
    const { count } = await unit.db
      .selectFrom('support_canned_answers')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= CANNED_LIMITS.countMax) throw new HttpError(409, message('admin.support.tooManyCanned'));
    const row = await unit.db
      .insertInto('support_canned_answers')
      .values(input)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(unit.db, actor, {
      action: 'support.canned.create',
      targetType: 'canned_answer',
      targetId: row.id,
      after: { title_en: row.title_en },
    });
    return row;
  });
}

export async function updateCanned(events: DomainEventBus, actor: AuditActor, id: number, input: CannedInput) {
  return events.run(async (unit) => {
    const before = await unit.db
      .selectFrom('support_canned_answers')
      .select(COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new HttpError(404, message(API_MESSAGES.notFound));
    const row = await unit.db
      .updateTable('support_canned_answers')
      .set((eb) => ({ ...input, updated_at: eb.fn<Date>('now') }))
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(unit.db, actor, {
      action: 'support.canned.update',
      targetType: 'canned_answer',
      targetId: id,
      before: { title_en: before.title_en, title_ar: before.title_ar },
      after: { title_en: row.title_en, title_ar: row.title_ar },
    });
    return row;
  });
}

export async function deleteCanned(events: DomainEventBus, actor: AuditActor, id: number): Promise<void> {
  await events.run(async (unit) => {
    const gone = await unit.db
      .deleteFrom('support_canned_answers')
      .where('id', '=', id)
      .returning('title_en')
      .executeTakeFirst();
    if (!gone) throw new HttpError(404, message(API_MESSAGES.notFound));
    await recordAudit(unit.db, actor, {
      action: 'support.canned.delete',
      targetType: 'canned_answer',
      targetId: id,
      before: { title_en: gone.title_en },
    });
  });
}
