import { API_MESSAGES, message, type User, type UserReportReason } from '@marketplace/contracts';
import type { DomainEventBus } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';

/**
 * `reporter` reports person `userId` (POST /api/users/:userId/report): 404 for an account that
 * does not exist or was deleted, 409 for themself or a second report of the same person (as a
 * listing's report). The person is never told who reported them. The staff's queue hears of it.
 */
export async function reportUser(
  events: DomainEventBus,
  reporter: User,
  userId: number,
  { reason, details }: { reason: UserReportReason; details: string | null },
): Promise<void> {
  await events.run(async (unit) => {
    const reported = await unit.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!reported) throw new HttpError(404, message(API_MESSAGES.notFound));
    if (userId === reporter.id) throw new HttpError(409, message('userReport.own'));
    const text = details?.trim() ?? '';
    const inserted = await unit.db
      .insertInto('user_reports')
      .values({ user_id: userId, reporter_id: reporter.id, reason, details: text === '' ? null : text })
      .onConflict((conflict) => conflict.constraint('user_reports_once').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new HttpError(409, message('userReport.already'));
    await unit.emit('user.reported', { userId });
  });
}
