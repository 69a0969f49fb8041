import { DASHBOARD_ROUTES } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { readDashboard } from './read-dashboard';

/** The back-office's dashboard (issue 29): staff whose role may 'dashboard.view'; 404 to everyone else. */
export function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, DASHBOARD_ROUTES.dashboard, { onRequest: app.staffDesk.may('dashboard.view') }, async () => ({
    data: await readDashboard(app.db, new Date()),
  }));
  return Promise.resolve();
}
