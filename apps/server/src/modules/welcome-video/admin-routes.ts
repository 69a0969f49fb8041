import {
  ADMIN_WELCOME_VIDEO_ROUTES,
  WELCOME_VIDEO_MAX_BYTES,
  type WelcomeVideoPart,
} from '@marketplace/contracts/welcome-video';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/api-route';
import { photoUploadRoutes } from '../../plugins/photo-bodies';
import { ValidationError } from '../../plugins/validation';
import { newWelcomeFileKey, PhotoStore } from '../media';
import { auditActor, recordAudit } from '../staff';
import { checkWelcomeFile } from './file-checks';
import { readAdminWelcomeVideo, setPart } from './welcome-video-repository';

const largest = Math.max(...Object.values(WELCOME_VIDEO_MAX_BYTES));

/**
 * The back-office's welcome video (issue 31, `welcome-video.edit`: admin and support, decision 041):
 * replace any of its five files, or put the committed one back. A file is checked by its bytes,
 * stored under a new key before its row (the poster as a listing photo, through the photo pipeline),
 * and recorded with its audit row in one transaction; the file it replaced is deleted after the commit.
 */
export function welcomeVideoAdminRoutes(app: FastifyInstance): Promise<void> {
  const guard = { onRequest: app.staffDesk.may('welcome-video.edit') };
  const photos = new PhotoStore({ db: app.db, storage: app.storage, log: app.log });
  const answer = async () => ({ data: await readAdminWelcomeVideo(app.db) });

  /** A file left behind costs only disk space: a failed delete is logged, not the member's error. */
  const deleteStored = async (part: WelcomeVideoPart, storageKey: string) => {
    if (part === 'poster') return photos.remove('photos', [storageKey]);
    await app.storage.delete(storageKey).catch((error: unknown) => {
      app.log.warn({ err: error, storageKey }, 'could not delete a welcome video file');
    });
  };

  /**
   * Records the part's new file (or none) with its audit row, and `settled` (the photo store's
   * journal) in the same transaction; returns the key it replaced.
   */
  const record = (
    request: FastifyRequest,
    part: WelcomeVideoPart,
    change: { storageKey: string; bytes: number } | null,
    settled?: (trx: typeof app.db) => Promise<void>,
  ) => {
    const actor = auditActor(request);
    return app.events.run(async (unit) => {
      await settled?.(unit.db);
      const replaced = await setPart(unit.db, part, change);
      await recordAudit(unit.db, actor, {
        action: change ? 'welcome_video.replace' : 'welcome_video.reset',
        targetType: 'welcome_video',
        targetId: null,
        before: { part, file: replaced ?? 'committed' },
        after: { part, file: change?.storageKey ?? 'committed', ...(change && { bytes: change.bytes }) },
      });
      return replaced;
    });
  };

  route(app, ADMIN_WELCOME_VIDEO_ROUTES.read, guard, answer);

  photoUploadRoutes(app, largest, (uploads) => {
    route(
      uploads,
      ADMIN_WELCOME_VIDEO_ROUTES.replace,
      { ...guard, config: { upload: true }, bodyLimit: largest },
      async (request) => {
        const { part } = request.params;
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const checked = await checkWelcomeFile(part, body);
        if (!checked.ok) throw ValidationError.forField('file', checked.message);
        let replaced: string | null;
        if (checked.kind === 'poster') {
          replaced = await photos.store('photos', checked.photo, (key, settled) =>
            record(request, part, { storageKey: key, bytes: body.length }, settled),
          );
        } else {
          const storageKey = newWelcomeFileKey(checked.extension);
          await app.storage.put(storageKey, checked.bytes);
          try {
            replaced = await record(request, part, { storageKey, bytes: body.length });
          } catch (error) {
            await deleteStored(part, storageKey);
            throw error;
          }
        }
        if (replaced !== null) await deleteStored(part, replaced);
        return answer();
      },
    );
  });

  route(app, ADMIN_WELCOME_VIDEO_ROUTES.reset, guard, async (request) => {
    const { part } = request.params;
    const replaced = await record(request, part, null);
    if (replaced !== null) await deleteStored(part, replaced);
    return answer();
  });

  return Promise.resolve();
}
