import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadStaffMessages } from './staff-messages';
import { StaffDesk } from './staff-desk';

/**
 * The back-office's entry (issue 29): built on its own (vite.config.ts) and loaded only by staff
 * pages, whose config names it (app/staff-area.ts). Its routes join the site's under /admin; each
 * screen's code loads when it is first opened.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

await loadStaffMessages();

export const staffRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <StaffDesk />,
    children: [
      {
        index: true,
        lazy: screen(
          () => import('./dashboard/dashboard-page'),
          (module) => module.DashboardPage,
        ),
      },
      {
        path: 'moderation',
        lazy: screen(
          () => import('./moderation/moderation-queue-page'),
          (module) => module.ModerationQueuePage,
        ),
      },
      {
        path: 'moderation/:type/:id',
        lazy: screen(
          () => import('./moderation/moderation-target-page'),
          (module) => module.ModerationTargetPage,
        ),
      },
      {
        path: 'users',
        lazy: screen(
          () => import('./users/users-page'),
          (module) => module.UsersPage,
        ),
      },
      {
        path: 'users/:id',
        lazy: screen(
          () => import('./users/user-page'),
          (module) => module.UserPage,
        ),
      },
      {
        path: 'listings',
        lazy: screen(
          () => import('./listings/listings-page'),
          (module) => module.ListingsPage,
        ),
      },
      {
        path: 'categories',
        lazy: screen(
          () => import('./categories/categories-page'),
          (module) => module.CategoriesPage,
        ),
      },
      {
        path: 'audit',
        lazy: screen(
          () => import('./audit/audit-page'),
          (module) => module.AuditPage,
        ),
      },
      {
        path: 'staff',
        lazy: screen(
          () => import('./staff/staff-page'),
          (module) => module.StaffPage,
        ),
      },
      { path: '*', lazy: () => import('../../components/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];
