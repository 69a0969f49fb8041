import { characterCount, realtimeUserInfoSchema, type RealtimeUserInfo, type User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PresenceMemberData } from '../../realtime/publisher';
import { atTheDesk, StaffRepository } from '../staff';

export interface ChannelRuleContext {
  /** The signed-in user, as the session found them in the database. */
  user: User;
  /** The session the request came with: the staff channel asks what it passed. */
  sessionId: string;
  db: Kysely<Database>;
}

/** What a user may do on a channel: nothing (null), subscribe privately, or join as a presence member. */
export type ChannelAccess = { kind: 'private' } | { kind: 'presence'; member: PresenceMemberData };

interface ChannelRule {
  pattern: RegExp;
  /** Decides from the session user and the database, never from what the request claims. */
  allows(context: ChannelRuleContext, ...params: string[]): boolean | Promise<boolean>;
}

const isUser = ({ user }: ChannelRuleContext, id = '') => user.id === Number(id);

async function isParticipant({ user, db }: ChannelRuleContext, id = ''): Promise<boolean> {
  const conversationId = Number(id);
  if (!Number.isSafeInteger(conversationId) || conversationId < 1 || conversationId > 2_147_483_647) return false;
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', conversationId)
    .where((eb) => eb.or([eb('buyer_id', '=', user.id), eb('seller_id', '=', user.id)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A staff member whose session passed the second factor in the last 12 hours (issue 29): the
 * back-office's news is for those its routes let in, and refused to anyone else as any channel
 * that is not theirs.
 */
const isStaffAtTheDesk = ({ user, sessionId, db }: ChannelRuleContext): Promise<boolean> =>
  atTheDesk(new StaffRepository(db), user.id, sessionId);

/**
 * Every private and presence channel, and who may enter it (Laravel's routes/channels.php). A
 * channel that matches no rule is refused. Names come from `realtimeChannels` in the contracts.
 */
const rules: ChannelRule[] = [
  // private-user.{id}: events for one user's tabs and devices.
  { pattern: /^private-user\.(\d{1,15})$/, allows: isUser },
  // presence-user.{id}: which of the user's own devices are online.
  { pattern: /^presence-user\.(\d{1,15})$/, allows: isUser },
  // private-conversation.{id}: a conversation's messages, read receipts and typing, for its two participants.
  { pattern: /^private-conversation\.(\d{1,10})$/, allows: isParticipant },
  // private-staff: the moderation queue changed (a report made or acted on), for staff past their second factor.
  { pattern: /^private-staff$/, allows: isStaffAtTheDesk },
];

/**
 * The longest name in member data, in code points. A code point takes at most 6 bytes in JSON
 * (`\u0007`), so with the avatar path and the ids the member data stays far below the real-time
 * server's 1 KB, whatever the name is made of.
 */
export const REALTIME_NAME_MAX = 100;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `name`, or its first characters as people see them (never half an emoji) and an ellipsis, in `max` code points. */
function shortName(name: string, max = REALTIME_NAME_MAX): string {
  if (characterCount(name) <= max) return name;
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(name)) {
    length += characterCount(segment);
    if (length > max - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}

/** What others see of a user in real time: the schema drops everything else, e-mail and phone included. */
export function realtimeUserInfo(user: User): RealtimeUserInfo {
  return realtimeUserInfoSchema.parse({ name: shortName(`${user.first_name} ${user.last_name}`), avatar: user.avatar });
}

export async function channelAccess(context: ChannelRuleContext, channel: string): Promise<ChannelAccess | null> {
  for (const rule of rules) {
    const match = rule.pattern.exec(channel);
    if (!match) continue;
    if (!(await rule.allows(context, ...match.slice(1)))) return null;
    if (!channel.startsWith('presence-')) return { kind: 'private' };
    const member = { user_id: String(context.user.id), user_info: realtimeUserInfo(context.user) };
    return { kind: 'presence', member };
  }
  return null;
}
