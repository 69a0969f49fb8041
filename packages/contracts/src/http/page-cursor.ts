import { isBigintIdText, isInt4Id, isInt4IdText, isStorableTime } from '../rules/column-ranges';

/**
 * Every paged list's `next_cursor`, and the `cursor` a client sends back: one codec, opaque to the
 * client, with a shape per kind of sort key. A cursor is the key of the last row shown, so rows
 * arriving meanwhile never shift a page as an offset would. Decoding answers undefined for
 * anything that is not a cursor of that shape (the route answers 422); each shape's text is the
 * one the API has always written, so a cursor a client holds keeps working.
 */
export interface PageCursorShapes {
  /** Lists keyed by an `integer` id (orders, conversations, reviews): its digits. */
  id: number;
  /** Lists keyed by a `bigint` id (notifications): its digits, as far as JavaScript reads them exactly. */
  bigintId: number;
  /** Lists keyed by a time and an id (listing grids, my listings, favourites). */
  timeAndId: { at: Date; id: number };
  /** Search results: the sort the page was made for and the last result's key (as PostgreSQL wrote it) and id. */
  sortKey: { sort: string; key: string; id: number };
}
export type PageCursorShape = keyof PageCursorShapes;

// In every runtime the contracts run on (Node, browsers); the contracts' lib (ES2023 alone) does not declare them.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding, of the text's UTF-8 bytes (what Node's Buffer writes). */
function toBase64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[at], bytes[at + 1], bytes[at + 2]];
    const group = (a << 16) | (b << 8) | c;
    const chars = at + 1 >= bytes.length ? 2 : at + 2 >= bytes.length ? 3 : 4;
    for (let index = 0; index < chars; index += 1) out += ALPHABET.charAt((group >> (18 - 6 * index)) & 63);
  }
  return out;
}

/**
 * The text of a base64url string as Node's Buffer reads it (a last lone character adds no byte,
 * bytes that are not UTF-8 read as U+FFFD); undefined for a character outside the alphabet, which
 * the API refuses before decoding (CURSOR_PATTERN).
 */
function fromBase64url(encoded: string): string | undefined {
  const bytes: number[] = [];
  let group = 0;
  let bits = 0;
  for (const char of encoded) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    group = ((group << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((group >> bits) & 0xff);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The longest cursor the API takes (CURSOR_PATTERN). */
const MAX_LENGTH = 100;

const codecs: {
  [S in PageCursorShape]: {
    encode(value: PageCursorShapes[S]): string;
    decode(text: string): PageCursorShapes[S] | undefined;
  };
} = {
  id: {
    encode: (id) => String(id),
    decode: (text) => (isInt4IdText(text) ? Number(text) : undefined),
  },
  bigintId: {
    encode: (id) => String(id),
    decode: (text) => (isBigintIdText(text) ? Number(text) : undefined),
  },
  timeAndId: {
    encode: ({ at, id }) => toBase64url(`${at.toISOString()}|${id}`),
    decode: (text) => {
      if (!text || text.length > MAX_LENGTH) return undefined;
      const [time = '', idText = ''] = (fromBase64url(text) ?? '').split('|');
      const at = new Date(time);
      const id = Number(idText);
      // A time JavaScript reads but PostgreSQL cannot hold (271821 BC) is no cursor of ours either.
      return isStorableTime(at) && isInt4Id(id) ? { at, id } : undefined;
    },
  },
  sortKey: {
    encode: ({ sort, key, id }) => toBase64url(JSON.stringify([sort, key, id])),
    decode: (text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(fromBase64url(text) ?? '');
      } catch {
        return undefined;
      }
      if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
      const [sort, key, id] = parsed as unknown[];
      if (typeof sort !== 'string' || typeof key !== 'string') return undefined;
      return typeof id === 'number' && isInt4Id(id) ? { sort, key, id } : undefined;
    },
  },
};

export const encodePageCursor = <S extends PageCursorShape>(shape: S, value: PageCursorShapes[S]): string =>
  codecs[shape].encode(value);

export const decodePageCursor = <S extends PageCursorShape>(shape: S, text: string): PageCursorShapes[S] | undefined =>
  codecs[shape].decode(text);
