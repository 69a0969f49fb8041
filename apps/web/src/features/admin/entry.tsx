import type { StaffAction } from '@marketplace/contracts/staff';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { StaffScreenHandle } from './staff-desk';
import { loadStaffMessages } from './staff-messages';

/**
 * The back-office's routes (issue 29), loaded only when a staff member's page goes to the address the
 * server gave it (app/staff-area.ts). The desk (second factor, sections) and each screen load when first
 * opened; this chunk holds little more than the table, so the site's own chunks do not change for it.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The action a screen needs (STAFF_RULES): the desk shows another role that it is not theirs. */
const may = (action: StaffAction): StaffScreenHandle => ({ staffAction: action });

export const staffRoutes = (base: string): RouteObject[] => [
  {
    path: base.slice(1),
    // The desk's code and the back-office's strings, together, before anything of it shows.
    lazy: screen(
      () => Promise.all([import('./staff-desk'), loadStaffMessages()]),
      ([module]) => module.StaffDesk,
    ),
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
        handle: may('reports.view'),
        lazy: screen(
          () => import('./moderation/moderation-queue-page'),
          (module) => module.ModerationQueuePage,
        ),
      },
      {
        path: 'moderation/:type/:id',
        handle: may('reports.view'),
        lazy: screen(
          () => import('./moderation/moderation-target-page'),
          (module) => module.ModerationTargetPage,
        ),
      },
      {
        path: 'users',
        handle: may('users.view'),
        lazy: screen(
          () => import('./users/users-page'),
          (module) => module.UsersPage,
        ),
      },
      {
        path: 'users/:id',
        handle: may('users.view'),
        lazy: screen(
          () => import('./users/user-page'),
          (module) => module.UserPage,
        ),
      },
      {
        path: 'listings',
        handle: may('listings.view'),
        lazy: screen(
          () => import('./listings/listings-page'),
          (module) => module.ListingsPage,
        ),
      },
      {
        path: 'categories',
        handle: may('categories.edit'),
        lazy: screen(
          () => import('./categories/categories-page'),
          (module) => module.CategoriesPage,
        ),
      },
      {
        path: 'audit',
        handle: may('audit.view'),
        lazy: screen(
          () => import('./audit/audit-page'),
          (module) => module.AuditPage,
        ),
      },
      {
        path: 'support',
        handle: may('support.view'),
        lazy: screen(
          () => import('./support/support-queue-page'),
          (module) => module.SupportQueuePage,
        ),
      },
      {
        path: 'support/canned',
        handle: may('support.view'),
        lazy: screen(
          () => import('./support/canned-answers-page'),
          (module) => module.CannedAnswersPage,
        ),
      },
      {
        path: 'support/:id',
        handle: may('support.view'),
        lazy: screen(
          () => import('./support/support-ticket-page'),
          (module) => module.SupportTicketPage,
        ),
      },
      {
        path: 'help',
        handle: may('help.edit'),
        lazy: screen(
          () => import('./help/faq-editor-page'),
          (module) => module.FaqEditorPage,
        ),
      },
      {
        path: 'help/pages',
        handle: may('help.edit'),
        lazy: screen(
          () => import('./help/pages-editor-page'),
          (module) => module.PagesListPage,
        ),
      },
      {
        path: 'help/pages/:slug',
        handle: may('help.edit'),
        lazy: screen(
          () => import('./help/pages-editor-page'),
          (module) => module.PageEditorPage,
        ),
      },
      {
        path: 'testimonials',
        handle: may('testimonials.edit'),
        lazy: screen(
          () => import('./testimonials/testimonials-page'),
          (module) => module.TestimonialsPage,
        ),
      },
      {
        path: 'newsletter',
        handle: may('newsletter.send'),
        lazy: screen(
          () => import('./newsletter/newsletter-page'),
          (module) => module.NewsletterAdminPage,
        ),
      },
      {
        path: 'welcome-video',
        handle: may('welcome-video.edit'),
        lazy: screen(
          () => import('./welcome-video/welcome-video-page'),
          (module) => module.WelcomeVideoPage,
        ),
      },
      {
        path: 'staff',
        handle: may('staff.manage'),
        lazy: screen(
          () => import('./staff/staff-page'),
          (module) => module.StaffPage,
        ),
      },
      { path: '*', lazy: () => import('../../components/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];
