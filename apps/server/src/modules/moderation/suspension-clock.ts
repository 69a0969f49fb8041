import { recordAudit, type AuditActor } from '../staff';
import type { ModerationDeps } from './moderation-deps';
import { suspensionEndedNotice } from './moderation-notices';

/** The clock lifts a suspension that has run out: nobody at the desk did it. */
const CLOCK: AuditActor = { id: null, name: 'clock', role: 'system', ip: null };
/** Suspensions lifted per tick at most; the next tick takes the rest. */
const BATCH = 100;

/**
 * Suspensions for a period whose end has come (`suspended_until` <= `now`) end by themselves: each
 * in a unit of its own, with its audit row, the account cleared (users), its listings shown again
 * (the catalogue) and the person told, in their language, by the bell and e-mail, that they can use
 * their account again. The account's row is locked and read again in the unit, so of two processes
 * ticking at once one ends it and tells them; the other finds it ended. Login needs no tick: it lets
 * the person in once the end has passed (modules/auth). main.ts runs it every minute; answers how
 * many it lifted.
 */
export async function liftEndedSuspensions(
  { db, events, notify }: Pick<ModerationDeps, 'db' | 'events' | 'notify'>,
  now = new Date(),
): Promise<number> {
  const due = await db
    .selectFrom('users')
    .select('id')
    .where('suspended_until', '<=', now)
    .orderBy('suspended_until')
    .limit(BATCH)
    .execute();
  let lifted = 0;
  for (const { id } of due) {
    const done = await events.run(async (unit) => {
      const user = await unit.db
        .selectFrom('users')
        .select(['suspended_until', 'suspension_reason'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      // Lifted or suspended again by staff meanwhile.
      if (!user?.suspended_until || user.suspended_until > now) return false;
      await unit.emit('moderation.suspension-lifted', { userId: id, at: now });
      await recordAudit(unit.db, CLOCK, {
        action: 'user.suspension-ended',
        targetType: 'user',
        targetId: id,
        before: {
          suspended: true,
          suspended_until: user.suspended_until.toISOString(),
          suspension_reason: user.suspension_reason,
        },
        after: { suspended: false },
      });
      await notify(unit, suspensionEndedNotice(id, user.suspended_until));
      return true;
    });
    if (done) lifted += 1;
  }
  return lifted;
}
