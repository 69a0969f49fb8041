import { defineRoute } from '@marketplace/contracts/api-route';
import { STAFF_ROLES } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { route } from '../../plugins/api-route';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { StaffRepository } from './staff-repository';

/** POST /api/test/staff-role: the browser tests' way to a staff member, as `npm run staff -- add` makes one. */
export const TEST_STAFF_ROLE_ROUTE = defineRoute({
  method: 'POST',
  path: '/api/test/staff-role',
  body: z.strictObject({ role: z.enum(STAFF_ROLES) }),
});

/**
 * Gives the signed-in caller a staff role (granted by nobody, as on the command line). The next page
 * they load names the back-office. app.ts registers it only when NODE_ENV is test, never in
 * development or production.
 */
export function staffTestHookRoutes(app: FastifyInstance): Promise<void> {
  const staff = new StaffRepository(app.db);
  route(app, TEST_STAFF_ROLE_ROUTE, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const { role } = request.body;
    await app.db.transaction().execute((trx) => staff.grant(trx, user.id, role, null));
    return { data: { user_id: user.id, role } };
  });
  return Promise.resolve();
}
