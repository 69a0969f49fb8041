import { searchSorts } from '@marketplace/contracts';
import fc from 'fast-check';

/**
 * Times JavaScript reads that PostgreSQL may not hold or its arithmetic may not take: its first
 * Date (271821 BC, before timestamptz's 4714 BC), its last (275760 AD), year 0, and the far past and future.
 */
export const extremeTimes = [
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-004714-11-23T23:59:59.999Z',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '1900-01-01T00:00:00Z',
] as const;

/**
 * Numbers past what columns hold or what SQL can compute on: subnormals (radians() underflows on
 * them), ±1e308, −0, the edges of int4 and of the integers a double holds exactly.
 */
export const extremeNumbers = [
  5e-324,
  5.4e-323,
  2.2250738585072014e-308,
  -2.2250738585072014e-308,
  1e308,
  -1e308,
  -0,
  2 ** 31,
  -(2 ** 31),
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  -(2 ** 63),
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
] as const;

/**
 * What a client can put in a JSON body, biased towards what breaks servers: text PostgreSQL cannot
 * store (NUL), text that is not Unicode (lone surrogates), numbers past a column's range, times
 * past timestamptz's, long text, wrong types and nesting.
 */
const knownTroublemakers = fc.constantFrom(
  ...extremeTimes,
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u0007\u001b[31m',
  '\r\n',
  '\u202Eevil',
  '\uFEFF',
  '\uFFFE',
  '',
  ' ',
  '%00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '1e309',
  '-0',
  'null',
  'a'.repeat(256),
  'ب'.repeat(256),
  '😀'.repeat(256),
  'x'.repeat(70_000),
);

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: knownTroublemakers, weight: 3 },
  { arbitrary: fc.tuple(fc.string(), knownTroublemakers, fc.string()).map((parts) => parts.join('')), weight: 2 },
  { arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: anyCodePoint, maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...extremeNumbers),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/**
 * A body shaped like `valid`, each field kept, replaced by a hostile value, or left out; nested
 * objects are mutated the same way. Most runs then reach the route's own logic with one or two
 * bad fields, not only its first validation check.
 */
export function mutationsOf(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(valid).map(([key, value]) => {
    const kept: fc.Arbitrary<unknown> =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? mutationsOf(value as Record<string, unknown>)
        : fc.constant(value);
    return fc
      .oneof(
        { arbitrary: kept, weight: 6 },
        { arbitrary: hostileValue, weight: 3 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
      .map((chosen) => [key, chosen] as const);
  });
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== undefined)));
}

/** Every field of `valid`, nested ones included, as a path of keys. */
function fieldPaths(valid: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(valid).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [[...prefix, key], ...fieldPaths(value as Record<string, unknown>, [...prefix, key])]
      : [[...prefix, key]],
  );
}

/** A valid text with a troublemaker slipped in: it passes the checks a wholly hostile value fails first. */
const slippedIn = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDC00',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u202E',
  '\uFFFE',
  '\r\n',
  '\t',
);
const tainted = (text: string) =>
  fc
    .tuple(fc.nat({ max: text.length }), slippedIn)
    .map(([at, inserted]) => `${text.slice(0, at)}${inserted}${text.slice(at)}`);

/**
 * `valid` with exactly one field, any of them, replaced by a hostile value (or, for text, by the
 * valid text with a troublemaker inside; for a number, often another number): each field gets its turn.
 */
export function oneFieldHostile(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...fieldPaths(valid)).chain((path) => {
    const body = structuredClone(valid);
    let target: Record<string, unknown> = body;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
    const key = path.at(-1) as string;
    const current = target[key];
    // A number gets numbers more often: past the type check, to the range checks and SQL's arithmetic.
    const replacement =
      typeof current === 'string'
        ? fc.oneof(tainted(current), hostileValue)
        : typeof current === 'number'
          ? fc.oneof(hostileNumber, hostileValue)
          : hostileValue;
    return replacement.map((value) => {
      const copy = structuredClone(body);
      let place: Record<string, unknown> = copy;
      for (const step of path.slice(0, -1)) place = place[step] as Record<string, unknown>;
      place[key] = value;
      return copy;
    });
  });
}

/** Any JSON body: one bad field among valid ones, several, or the whole of it hostile. */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: oneFieldHostile(valid), weight: 5 },
    { arbitrary: mutationsOf(valid), weight: 3 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** Raw bodies that are not what the route expects: broken JSON, other content types. */
export const rawBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ),
  payload: fc.oneof(
    hostileString,
    fc.constantFrom('{', '{"a":', '[1,', '{"__proto__":{"x":1}}', 'a=%00&b=%E0%A4%A', '\u0000'),
  ),
});

/** Text a client can send in a URL path segment or a query value: anything, percent-encoded. */
export const hostileUrlPart = hostileString.map((text) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replaceAll(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80'; // a lone surrogate's bytes
  }
});

/**
 * A body for a route that takes a photo's bytes: nothing, noise, or noise behind a real format's
 * signature (so the bytes reach the decoder), labelled as any image type or none.
 */
export const photoBody = fc.record({
  contentType: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/octet-stream'),
  payload: fc
    .tuple(
      fc.constantFrom(
        [],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [0xff, 0xd8, 0xff, 0xe0],
        [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
        [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
      ),
      fc.uint8Array({ maxLength: 2048 }),
    )
    .map(([signature, rest]) => Buffer.concat([Buffer.from(signature), Buffer.from(rest)])),
});

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** An id as a cursor or a path writes it: the edges of int4 and of exact doubles, and anything a number prints as. */
export const hostileIdText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '1', '01', '-1', '1e3', '2147483647', '2147483648', '9999999999', '9007199254740993'),
  fc.constantFrom('9223372036854775807', '9223372036854775808', '99999999999999999999'),
  hostileNumber.map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

/** A time as a page cursor holds it (an ISO text): the extremes, any Date, or any text. */
const cursorTime = fc.oneof(
  { arbitrary: fc.constantFrom(...extremeTimes), weight: 2 },
  { arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), weight: 2 },
  { arbitrary: hostileString, weight: 1 },
);

/** The grids' and favourites' page cursor (catalogue/page-cursor.ts): `time|id`, base64url; often a real id, so the time reaches SQL. */
export const forgedPageCursor: fc.Arbitrary<string> = fc
  .tuple(cursorTime, fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String), hostileIdText))
  .map(([time, id]) => base64url(`${time}|${id}`));

/** A time as PostgreSQL writes a timestamptz, the key of search's newest and relevance sorts. */
const postgresTime = fc.oneof(
  fc.constantFrom('0001-01-01 00:00:00+00', '0000-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+15'),
  fc.constantFrom('2023-02-29 00:00:00+00', '2024-01-01 24:00:00+00', '1900-01-01 00:00:00-15:59'),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().replace('T', ' ').replace('Z', '+00')),
  hostileString,
);

/** Each search sort's key (search/search-cursor.ts): tier and time, time, price in fils, distance. */
const searchKey = fc.oneof(
  fc.tuple(fc.constantFrom('0', '1', '2'), postgresTime).map(([tier, time]) => `${tier} ${time}`),
  postgresTime,
  hostileIdText,
  fc.constantFrom('5e-324', '2.2250738585072014e-308', '1e-300', '2', '2.0000001', '0', '-0', '1e308'),
  hostileNumber.map(String),
);

/** A search cursor (search/search-cursor.ts): `[sort, key, id]` as JSON, base64url. */
export const forgedSearchCursor: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...searchSorts), searchKey, fc.oneof(hostileNumber, fc.integer()))
  .map((cursor) => base64url(JSON.stringify(cursor)));

/**
 * A cursor of any of the API's formats (page, search, an id as text), for any route that takes
 * one: each is tried where it belongs and where it does not.
 */
export const forgedCursor: fc.Arbitrary<string> = fc.oneof(forgedPageCursor, forgedSearchCursor, hostileIdText);
