import type { FastifyInstance } from 'fastify';
import { categoriesRoutes } from './categories-routes';
import { listingsRoutes } from './listings-routes';
import { usersRoutes, type UsersRoutesOptions } from './users-routes';

/**
 * The back-office's users, listings and categories (issue 29): every route behind the staff guard
 * (`app.staffDesk.may(action)`), so anyone without a staff role gets the site's 404.
 */
export async function backOfficeRoutes(app: FastifyInstance, options: UsersRoutesOptions): Promise<void> {
  await app.register(usersRoutes, options);
  await app.register(listingsRoutes);
  await app.register(categoriesRoutes);
}
