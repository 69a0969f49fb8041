import { isInt4Id, isStorableTime } from '@marketplace/contracts';

/**
 * Keyset pagination: a cursor is the sort key of the last row shown (a time and an id), opaque to
 * the client. New rows arriving meanwhile never shift a page, as an offset would.
 */
export interface PageCursor {
  at: Date;
  id: number;
}

export function encodeCursor({ at, id }: PageCursor): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The cursor a client sent back, or undefined for anything that is not one (a forged value reads as the first page). */
export function decodeCursor(text: string | undefined): PageCursor | undefined {
  if (!text || text.length > 100) return undefined;
  const [time = '', idText = ''] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const at = new Date(time);
  const id = Number(idText);
  // A time JavaScript reads but PostgreSQL cannot hold (271821 BC) is no cursor of ours either.
  if (!isStorableTime(at) || !isInt4Id(id)) return undefined;
  return { at, id };
}
