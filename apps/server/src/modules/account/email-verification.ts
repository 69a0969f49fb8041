import {
  EMAIL_VERIFICATION_HOURS,
  message,
  PAGE_PATHS,
  VERIFY_TOKEN_PARAM,
  type Locale,
  type MessageKey,
  type User,
} from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import type { NotificationEvent, Notified } from '../notifications/notify';
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
 * What an unverified user may not do yet (decision 026): publish a listing or order. 403, with the
 * words the page shows: the request is understood and the user known, but not allowed until the
 * address is proved.
 */
export function requireVerifiedEmail(user: User, refusal: MessageKey): void {
  if (!user.email_verified) throw new HttpError(403, message(refusal));
}
