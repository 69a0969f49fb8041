import { encodeMessage, message } from '@marketplace/contracts';
import { moderationTargetTypes, type ModerationTargetType } from '@marketplace/contracts/staff';
import { ValidationError } from '../../plugins/validation';

/**
 * Where a page of the queue starts: the last row's place in its order (open reports, oldest open
 * report to the microsecond, type, id). Opaque to the page: base64url of a JSON array.
 */
export interface QueueCursor {
  openReports: number;
  /** Microseconds since 1970, as PostgreSQL's text of it (exact, where a JavaScript number of ms is not). */
  oldestMicros: string;
  type: ModerationTargetType;
  id: number;
}

const INT4_MAX = 2_147_483_647;
/** timestamptz's range in microseconds since 1970 (4713 BC to 294276 AD), as digits with a sign. */
const MICROS = /^-?[0-9]{1,18}$/;

const isInt4 = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= INT4_MAX;

export const encodeQueueCursor = (cursor: QueueCursor): string =>
  Buffer.from(JSON.stringify([cursor.openReports, cursor.oldestMicros, cursor.type, cursor.id])).toString('base64url');

/** The cursor a page sent; anything else is a 422 naming the cursor. */
export function decodeQueueCursor(text: string): QueueCursor {
  const refuse = () => ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [openReports, oldestMicros, type, id] = parsed as unknown[];
  if (
    !isInt4(openReports) ||
    typeof oldestMicros !== 'string' ||
    !MICROS.test(oldestMicros) ||
    Math.abs(Number(oldestMicros)) > 9.2e15 ||
    typeof type !== 'string' ||
    !(moderationTargetTypes as readonly string[]).includes(type) ||
    !isInt4(id)
  ) {
    throw refuse();
  }
  return { openReports, oldestMicros, type: type as ModerationTargetType, id };
}
