/**
 * The back-office's roles and what each may do (issue 29, docs/decisions/030-back-office.md): one
 * table of rules, read by the server for every `/api/admin/*` route and by the back-office's pages to
 * hide what the server would refuse. A role is held on an ordinary account; the first admin is made
 * on the command line (`npm run staff -- add <e-mail> admin`).
 */
export const STAFF_ROLES = ['admin', 'moderator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** Every action the back-office offers; a route names the one it performs. */
export const STAFF_ACTIONS = [
  /** The dashboard's daily figures. */
  'dashboard.view',
  /** The moderation queue and one target's reports and history. */
  'reports.view',
  /** Dismiss, remove, restore, warn, suspend, lift. */
  'reports.act',
  /** Search users and read one user's page. */
  'users.view',
  /** Resend a verification e-mail; end a user's sessions. */
  'users.support',
  /** Search and filter listings. */
  'listings.view',
  /** Names, order, parent and attribute labels of categories. */
  'categories.edit',
  /** The audit log. */
  'audit.view',
  /** Grant and take staff roles. */
  'staff.manage',
  /** The support tickets' queue and a ticket with its notes (issue 30). */
  'support.view',
  /** Answer a ticket, write a note, assign it, change its state. */
  'support.reply',
  /** The support desk's saved replies. */
  'support.canned',
  /** The FAQ (topics, questions, order, publishing) and the pages /safety, /terms, /privacy, /about (decision 031). */
  'help.edit',
  /** The home page's testimonials: words, photo, order, publishing (decision 036). */
  'testimonials.edit',
  /** The welcome video's files: replace them or put the committed ones back (decision 041). */
  'welcome-video.edit',
  /** Write, test and send the newsletter's issues, and cancel a sending (decision 040). */
  'newsletter.send',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Who may do what. An action missing from a role's list is refused (403) to that role. */
export const STAFF_RULES: Readonly<Record<StaffRole, readonly StaffAction[]>> = {
  admin: STAFF_ACTIONS,
  moderator: ['dashboard.view', 'reports.view', 'reports.act', 'users.view', 'listings.view', 'audit.view'],
  support: [
    'dashboard.view',
    'reports.view',
    'users.view',
    'users.support',
    'listings.view',
    'support.view',
    'support.reply',
    'support.canned',
    'help.edit',
    'testimonials.edit',
    'welcome-video.edit',
  ],
};

export const staffMay = (role: StaffRole, action: StaffAction): boolean => STAFF_RULES[role].includes(action);

/** A back-office session must have passed its second factor this recently (issue 29: 12 hours). */
export const SECOND_FACTOR_MAX_AGE_MS = 12 * 3600 * 1000;

/** The single-use recovery codes given when the second factor is set up. */
export const RECOVERY_CODE_COUNT = 10;
