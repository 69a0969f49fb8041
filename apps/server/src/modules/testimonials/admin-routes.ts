import { API_MESSAGES, message } from '@marketplace/contracts';
import { ADMIN_TESTIMONIALS_ROUTES } from '@marketplace/contracts/testimonials';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { avatarStorageKey, newAvatarKey, prepareAvatar } from '../media';
import { auditActor, recordAudit } from '../staff';
import {
  createTestimonial,
  editTestimonial,
  moveTestimonial,
  readAll,
  readOne,
  replacePhoto,
} from './testimonials-repository';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * The back-office's testimonials (issue 31, `testimonials.edit`: admin and support, decision 036):
 * add, edit, order, publish and unpublish, and a photo through the avatar pipeline. Every change is
 * one transaction with its audit row; the home page reads the table at once.
 */
export function testimonialsAdminRoutes(app: FastifyInstance): Promise<void> {
  const guard = { onRequest: app.staffDesk.may('testimonials.edit') };

  const answer = async (id: number) => {
    const testimonial = await readOne(app.db, id);
    if (!testimonial) throw notFound();
    return { data: testimonial };
  };

  route(app, ADMIN_TESTIMONIALS_ROUTES.list, guard, async () => ({ data: await readAll(app.db) }));

  route(app, ADMIN_TESTIMONIALS_ROUTES.create, guard, async (request, reply) => {
    const actor = auditActor(request);
    const id = await app.events.run(async (unit) => {
      const created = await createTestimonial(unit.db, request.body);
      await recordAudit(unit.db, actor, {
        action: 'testimonial.create',
        targetType: 'testimonial',
        targetId: created,
        after: { ...request.body },
      });
      return created;
    });
    return reply.code(201).send(await answer(id));
  });

  route(app, ADMIN_TESTIMONIALS_ROUTES.edit, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    await app.events.run(async (unit) => {
      const change = await editTestimonial(unit.db, id, request.body);
      if (!change) throw notFound();
      const { before, after } = change;
      await recordAudit(unit.db, actor, {
        action:
          before.published === after.published
            ? 'testimonial.edit'
            : after.published
              ? 'testimonial.publish'
              : 'testimonial.unpublish',
        targetType: 'testimonial',
        targetId: id,
        before: { ...before },
        after: { ...after },
      });
    });
    return answer(id);
  });

  route(app, ADMIN_TESTIMONIALS_ROUTES.move, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    const { direction } = request.body;
    await app.events.run(async (unit) => {
      const change = await moveTestimonial(unit.db, id, direction);
      if (!change) throw notFound();
      if (change === 'edge') {
        throw new HttpError(
          409,
          message(direction === 'up' ? 'admin.testimonials.alreadyFirst' : 'admin.testimonials.alreadyLast'),
        );
      }
      await recordAudit(unit.db, actor, {
        action: 'testimonial.move',
        targetType: 'testimonial',
        targetId: id,
        before: change.before,
        after: { ...change.after, direction },
      });
    });
    return { data: await readAll(app.db) };
  });

  /** A file left behind costs only disk space: a failed delete is logged, not the member's error. */
  const deletePhotoFile = async (key: string) => {
    await app.storage.delete(avatarStorageKey(key)).catch((error: unknown) => {
      app.log.warn({ err: error, key }, 'could not delete a testimonial photo');
    });
  };

  /** Stores the new file first, records the key with its audit row, then deletes the file it replaced. */
  const setPhoto = async (request: Parameters<typeof auditActor>[0], id: number, key: string | null) => {
    const actor = auditActor(request);
    let replaced: string | null;
    try {
      replaced = await app.events.run(async (unit) => {
        const change = await replacePhoto(unit.db, id, key);
        if (!change) throw notFound();
        await recordAudit(unit.db, actor, {
          action: key === null ? 'testimonial.photo.remove' : 'testimonial.photo.set',
          targetType: 'testimonial',
          targetId: id,
          before: { photo: change.replaced },
          after: { photo: key },
        });
        return change.replaced;
      });
    } catch (error) {
      if (key !== null) await deletePhotoFile(key);
      throw error;
    }
    if (replaced !== null && replaced !== key) await deletePhotoFile(replaced);
  };

  route(app, ADMIN_TESTIMONIALS_ROUTES.setPhoto, guard, async (request) => {
    const { id } = request.params;
    // 404 before the image is decoded: no work for a testimonial that is not there.
    if (!(await readOne(app.db, id))) throw notFound();
    const image = await prepareAvatar(request.body.image);
    if (!image.ok) throw ValidationError.forField('image', image.message);
    const key = newAvatarKey();
    await app.storage.put(avatarStorageKey(key), image.webp);
    await setPhoto(request, id, key);
    return answer(id);
  });

  route(app, ADMIN_TESTIMONIALS_ROUTES.removePhoto, guard, async (request) => {
    const { id } = request.params;
    await setPhoto(request, id, null);
    return answer(id);
  });

  return Promise.resolve();
}
