import { LANGUAGE_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { rememberLocale } from '../../plugins/i18n';
import { route } from '../../plugins/api-route';
import { UsersRepository } from '../users';

/**
 * PUT /api/locale: the language switch. The cookie remembers it on this browser; a signed-in user's
 * account keeps it too, so their other devices and their next sign-in speak it.
 */
export function languageRoutes(app: FastifyInstance): Promise<void> {
  const users = new UsersRepository(app.db);

  route(app, LANGUAGE_ROUTES.setLocale, {}, async (request, reply) => {
    const { locale } = request.body;
    rememberLocale(request, reply, locale);
    if (request.user) await users.setLocale(request.user.id, locale);
    return reply.code(204).send();
  });

  return Promise.resolve();
}
