import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Pusher's one signing primitive: lowercase hex HMAC-SHA256 with the app secret. */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function md5Hex(body: string): string {
  return createHash('md5').update(body, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/** What a private or presence subscription signs: "socket_id:channel_name[:channel_data]". */
export function channelAuthText(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** What a user sign-in signs: "socket_id::user::user_data". */
export function userAuthText(socketId: string, userData: string): string {
  return `${socketId}::user::${userData}`;
}

/** Checks an `auth` field ("key:signature") against the text it must sign. */
export function verifySocketAuth(credentials: { key: string; secret: string }, auth: unknown, text: string): boolean {
  if (typeof auth !== 'string') return false;
  const separator = auth.indexOf(':');
  if (separator < 0 || auth.slice(0, separator) !== credentials.key) return false;
  return digestsMatch(sign(credentials.secret, text), auth.slice(separator + 1));
}

/** Pusher's HTTP API request signature: "METHOD\npath\nsorted query without auth_signature". */
export function apiRequestText(method: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .filter((name) => name !== 'auth_signature')
    .sort()
    .map((name) => `${name}=${params[name] ?? ''}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}
