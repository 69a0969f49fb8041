import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/errors';
import { apiRequestText, digestsMatch, md5Hex, sign } from './signatures';

/** Pusher accepts a signed request for 600 seconds either side of its own clock. */
const TIMESTAMP_TOLERANCE_SECONDS = 600;

export interface ApiCredentials {
  key: string;
  secret: string;
}

/** The query as single string values with lowercase names, as Pusher signs it; a repeated name is refused. */
function signedParams(query: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return params;
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw new HttpError(401, `Invalid query parameter ${name}: give it once`);
    params[name.toLowerCase()] = value;
  }
  return params;
}

/**
 * Pusher's HTTP API signature: auth_key, auth_timestamp, auth_version=1.0 and auth_signature, an
 * HMAC-SHA256 of "METHOD\npath\nsorted query". The body is covered through body_md5 (see jsonBodyParser).
 */
export function verifyApiRequest(request: FastifyRequest, credentials: ApiCredentials, now = Date.now()): void {
  const params = signedParams(request.query);
  if (params.auth_key !== credentials.key) throw new HttpError(401, 'Unknown auth_key');
  if (params.auth_version !== '1.0') throw new HttpError(401, 'Unsupported auth_version: use 1.0');
  const timestamp = Number(params.auth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TIMESTAMP_TOLERANCE_SECONDS) {
    throw new HttpError(
      401,
      `Timestamp expired: given ${params.auth_timestamp ?? 'none'}, now ${Math.floor(now / 1000)}`,
    );
  }
  const path = request.url.split('?')[0] ?? '';
  const expected = sign(credentials.secret, apiRequestText(request.method, path, params));
  if (!digestsMatch(expected, params.auth_signature)) throw new HttpError(401, 'Invalid signature');
}

/** JSON bodies whose MD5 must equal the signed body_md5, so a signed request's body cannot be swapped. */
export function jsonBodyParser(
  request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
  const bodyMd5 = 'body_md5' in query ? query.body_md5 : undefined;
  if (!digestsMatch(md5Hex(text), bodyMd5)) {
    done(new HttpError(401, 'Invalid body_md5: sign the MD5 of the body'));
    return;
  }
  try {
    done(null, JSON.parse(text));
  } catch {
    done(new HttpError(400, 'Invalid JSON'));
  }
}
