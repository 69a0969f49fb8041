import { AVATAR_MAX_BYTES, message, PROFILE_ROUTES, realtimeChannels, type Profile } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { RateLimiter } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { originatingSocketId } from '../../realtime/originating-socket';
import { ProfileService } from './profile-service';

/**
 * Room for an image of AVATAR_MAX_BYTES as base64 (4 characters per 3 bytes) and the rest of the
 * form. A slightly larger image gets its 422 on `image` from the contract; a far larger body a 413.
 */
export const PROFILE_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 256 * 1024;

/** Re-encoding a picture costs 50-300 ms of CPU: a user gets this many uploads per window. */
export const AVATAR_UPLOADS = { maxAttempts: 10, decaySeconds: 10 * 60 } as const;

const carriesImage = (body: unknown) =>
  typeof body === 'object' && body !== null && 'image' in body && typeof body.image === 'string';

/** GET and PUT /user/profile: always the signed-in user's own profile; there is no id to choose another. */
export function profileRoutes(app: FastifyInstance): Promise<void> {
  // A deleted account's addresses and neighbourhoods go with it (decision 026).
  app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
    await unit.db.deleteFrom('addresses').where('user_id', '=', userId).execute();
    await unit.db.deleteFrom('user_neighborhoods').where('user_id', '=', userId).execute();
  });
  const profiles = new ProfileService({
    db: app.db,
    storage: app.storage,
    log: app.log,
    cache: app.readCaches.create<Profile>({ ttlMs: 30_000, maxEntries: 20_000 }),
    invalidate: (tag) => app.readCaches.invalidate(tag),
  });
  const limiter = new RateLimiter(app.db);

  const throttleUploads = (userId: number) =>
    limiter.enforce(`avatar-upload:${userId}`, AVATAR_UPLOADS, {
      field: 'image',
      message: (seconds) => message('profile.tooManyUploads', { seconds }),
    });

  route(app, PROFILE_ROUTES.read, { onRequest: requireUser }, async (request) => ({
    data: await profiles.read(signedInUser(request).id, request.locale),
  }));

  // The body's rules depend on the account type, so the handler validates it rather than a route schema.
  route(app, PROFILE_ROUTES.update, { onRequest: requireUser, bodyLimit: PROFILE_BODY_LIMIT }, async (request) => {
    const user = signedInUser(request);
    if (carriesImage(request.body)) await throttleUploads(user.id);
    const profile = await profiles.update(user, request.body, request.locale);
    // Committed: the user's other tabs and devices refresh; the tab that saved has the answer already.
    await app.realtime.publish(
      realtimeChannels.user(user.id),
      'profile.updated',
      { user_id: user.id },
      { exceptSocketId: originatingSocketId(request) },
    );
    return { data: profile };
  });

  return Promise.resolve();
}
