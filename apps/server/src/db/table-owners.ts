import type { Database } from './schema';

/**
 * The one module (or plugin) that writes each table (docs/decisions/029). Another module that needs
 * a change to it asks the owner through the owner's `index.ts`, or hears of it as a domain event.
 * Reading across modules stays open (a page joins what it shows). Typed against `Database`: a new
 * table does not compile until it has an owner. `table-owners.test.ts` reads the code and fails on
 * a write from anywhere else. The seeds (db/seed*.ts, db/demo-*) write the start of the database
 * and are no module's use case.
 */
export const TABLE_OWNERS: Readonly<Record<keyof Database, string>> = {
  users: 'modules/users',
  companies: 'modules/users',
  sessions: 'plugins/session-store.ts',
  rate_limits: 'plugins/rate-limiter.ts',
  cities: 'modules/places',
  neighborhoods: 'modules/places',
  addresses: 'modules/profile',
  user_neighborhoods: 'modules/profile',
  categories: 'modules/catalogue',
  listings: 'modules/catalogue',
  listing_photos: 'modules/catalogue',
  listing_events: 'modules/catalogue',
  listing_reports: 'modules/catalogue',
  // Written by a trigger on listings (migration 0008); search reads it to correct typos.
  search_words: 'modules/search',
  media_uploads: 'modules/media',
  notifications: 'modules/notifications',
  notification_settings: 'modules/notifications',
  notifications_seen: 'modules/notifications',
  mail_outbox: 'modules/notifications',
  app_secrets: 'modules/notifications',
  favourites: 'modules/favourites',
  saved_searches: 'modules/saved-searches',
  orders: 'modules/orders',
  order_events: 'modules/orders',
  reviews: 'modules/orders',
  // Each user's running total of stars received, written with each review (migration 0028).
  user_ratings: 'modules/orders',
  account_tokens: 'modules/account',
  user_blocks: 'modules/blocks',
  conversations: 'modules/chat',
  messages: 'modules/chat',
  conversation_reports: 'modules/chat',
  staff_members: 'modules/staff',
  staff_second_factors: 'modules/staff',
  staff_recovery_codes: 'modules/staff',
  // Written by every staff action through modules/staff's recordAudit(), in the action's transaction.
  audit_log: 'modules/staff',
  user_reports: 'modules/moderation',
  // Written only by triggers on the three report tables (migration 0023); moderation reads them.
  moderation_queue: 'modules/moderation',
  moderation_queue_totals: 'modules/moderation',
  daily_figures: 'modules/dashboard',
  help_topics: 'modules/help-centre',
  help_questions: 'modules/help-centre',
  // Written by a trigger on help_questions (migration 0025); the FAQ's search reads it to correct typos.
  help_words: 'modules/help-centre',
  help_votes: 'modules/help-centre',
  help_pages: 'modules/help-centre',
  help_page_versions: 'modules/help-centre',
  support_tickets: 'modules/support',
  support_messages: 'modules/support',
  support_photos: 'modules/support',
  support_canned_answers: 'modules/support',
  testimonials: 'modules/testimonials',
  // The "News and offers" e-mail switch writes it through the event notifications emit (notifications.news-email-changed).
  newsletter_subscribers: 'modules/newsletter',
  newsletter_issues: 'modules/newsletter',
  newsletter_deliveries: 'modules/newsletter',
  welcome_video_files: 'modules/welcome-video',
};
