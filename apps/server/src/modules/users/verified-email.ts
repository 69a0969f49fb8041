import { message, type MessageKey, type User } from '@marketplace/contracts';
import { HttpError } from '../../plugins/errors';

/**
 * What an unverified user may not do yet (decision 026): publish a listing or order. 403, with the
 * words the page shows: the request is understood and the user known, but not allowed until the
 * address is proved.
 */
export function requireVerifiedEmail(user: User, refusal: MessageKey): void {
  if (!user.email_verified) throw new HttpError(403, message(refusal));
}
