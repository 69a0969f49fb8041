import { EMAIL_VERIFICATION_HOURS, PAGE_PATHS, VERIFY_TOKEN_PARAM, type Locale } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { NotificationEvent, Notified } from '../notifications';
import type { AccountTokens } from './account-tokens';

/**
 * Queues an e-mail with a new verification link for `userId`, in the caller's transaction: earlier
 * unspent links stop working (only the newest works), the table keeps the token's hash, the link
 * names no user, and the e-mail is e-mail only (the secret stays out of the bell).
 */
export async function queueVerificationLink(
  trx: Kysely<Database>,
  notify: (event: NotificationEvent) => Promise<Notified>,
  tokens: AccountTokens,
  userId: number,
  locale: Locale,
): Promise<Notified> {
  await tokens.revoke(trx, userId, 'email_verification');
  const token = await tokens.issue(trx, userId, 'email_verification', EMAIL_VERIFICATION_HOURS * 60);
  return notify({
    userId,
    category: 'account',
    type: 'account.verifyEmail',
    data: { hours: EMAIL_VERIFICATION_HOURS },
    path: `${PAGE_PATHS.verifyEmail}?${VERIFY_TOKEN_PARAM}=${token}`,
    emailOnly: true,
    locale,
  });
}

/**
 * The same link, asked for by someone else (staff in the back-office, issue 29): queued in `unit`, the
 * e-mail going out once it commits. The caller has checked the address is not proved yet.
 */
export function queueVerificationLinkIn(
  app: FastifyInstance,
  unit: UnitOfWork,
  userId: number,
  locale: Locale,
): Promise<Notified> {
  return queueVerificationLink(
    unit.db,
    (event) => app.notifications.notifyIn(unit, event),
    app.account.tokens,
    userId,
    locale,
  );
}
