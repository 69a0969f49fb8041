import { encodeMessage, message, PHOTO_UPLOAD } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { parsePhotoFileName, preparePhoto } from '../media';
import type { SupportDeps } from './support-deps';
import { photosLeft } from './ticket-views';

const photoField = message('support.field.photos');
const PHOTO_MESSAGES = {
  notAnImage: encodeMessage(message('rule.image', { field: photoField })),
  unreadable: encodeMessage(message('profile.imageUnreadable')),
  tooManyPixels: encodeMessage(
    message('profile.imageTooManyPixels', { megapixels: PHOTO_UPLOAD.maxPixels / 1_000_000 }),
  ),
} as const;

/** Whether the ticket still takes a photo: 409 in words when it has three, or the team has answered. */
async function refusal(db: Kysely<Database>, ticketId: number): Promise<HttpError | null> {
  if ((await photosLeft(db, ticketId)) > 0) return null;
  const { count } = await db
    .selectFrom('support_photos')
    .innerJoin('support_messages', 'support_messages.id', 'support_photos.message_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('support_messages.ticket_id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return new HttpError(409, message(Number(count) >= 3 ? 'support.photosFull' : 'support.photosClosed'));
}

/**
 * A photo onto the ticket's first message, through the listings' pipeline (recognised by its
 * bytes, upright, re-encoded without metadata), stored under support/ where only the ticket's owner
 * and staff reach it. The caller has checked the ticket is the requester's.
 */
export async function addTicketPhoto(deps: SupportDeps, ticketId: number, bytes: Buffer): Promise<void> {
  if (bytes.length === 0) throw ValidationError.forField('photo', PHOTO_MESSAGES.notAnImage);
  const early = await refusal(deps.db, ticketId);
  if (early) throw early;
  const prepared = await preparePhoto(bytes);
  if (!prepared.ok) throw ValidationError.forField('photo', PHOTO_MESSAGES[prepared.problem]);
  const { photo } = prepared;
  await deps.photos.store('support', photo, (key, settled) =>
    deps.events.run(async (unit) => {
      await unit.db.selectFrom('support_tickets').select('id').where('id', '=', ticketId).forUpdate().execute();
      const late = await refusal(unit.db, ticketId);
      if (late) throw late;
      const first = await unit.db
        .selectFrom('support_messages')
        .select('id')
        .where('ticket_id', '=', ticketId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      await unit.db
        .insertInto('support_photos')
        .values({
          message_id: first.id,
          photo_key: key,
          width: photo.width,
          height: photo.height,
          placeholder: photo.placeholder,
        })
        .execute();
      await settled(unit.db);
      unit.afterCommit(() => deps.announce(ticketId, null));
    }),
  );
}

/**
 * A ticket photo's file for whoever `mayRead` its ticket (its owner, staff); undefined for anyone
 * else and for a name that names no photo (the route answers 404 to both alike).
 */
export async function ticketPhotoFile(
  deps: Pick<SupportDeps, 'db' | 'photos'>,
  fileName: string,
  mayRead: (ticket: { id: number; user_id: number | null; email: string }) => boolean | Promise<boolean>,
): Promise<Buffer | undefined> {
  const file = parsePhotoFileName(fileName);
  if (!file) return undefined;
  const ticket = await deps.db
    .selectFrom('support_photos')
    .innerJoin('support_messages', 'support_messages.id', 'support_photos.message_id')
    .innerJoin('support_tickets', 'support_tickets.id', 'support_messages.ticket_id')
    .select(['support_tickets.id', 'support_tickets.user_id', 'support_tickets.email'])
    .where('support_photos.photo_key', '=', file.key)
    .executeTakeFirst();
  if (!ticket || !(await mayRead(ticket))) return undefined;
  return deps.photos.file('support', file.key, file.size);
}
