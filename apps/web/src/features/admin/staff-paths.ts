/** The back-office's pages, under /admin (known to staff pages only: app/staff-area.ts). */
export const staffPaths = {
  dashboard: '/admin',
  moderation: '/admin/moderation',
  moderationTarget: (type: string, id: number) => `/admin/moderation/${type}/${id}`,
  users: '/admin/users',
  user: (id: number) => `/admin/users/${id}`,
  listings: '/admin/listings',
  categories: '/admin/categories',
  audit: '/admin/audit',
  staff: '/admin/staff',
  support: '/admin/support',
  supportTicket: (id: number) => `/admin/support/${id}`,
  supportCanned: '/admin/support/canned',
  help: '/admin/help',
  helpPages: '/admin/help/pages',
  helpPage: (slug: string) => `/admin/help/pages/${slug}`,
  testimonials: '/admin/testimonials',
} as const;
