import { EMAIL_VERIFICATION_HOURS, PAGE_PATHS, VERIFY_TOKEN_PARAM, type Locale } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
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
