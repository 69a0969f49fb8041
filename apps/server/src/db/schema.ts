import type {
  CategoriesTable,
  FavouritesTable,
  ListingEventsTable,
  ListingPhotosTable,
  ListingReportsTable,
  ListingsTable,
  MediaUploadsTable,
  SavedSearchesTable,
  SearchWordsTable,
} from './tables/catalogue';
import type { ConversationReportsTable, ConversationsTable, MessagesTable } from './tables/chat';
import type {
  AppSecretsTable,
  MailOutboxTable,
  NotificationSettingsTable,
  NotificationsSeenTable,
  NotificationsTable,
} from './tables/notifications';
import type {
  HelpPageVersionsTable,
  HelpPagesTable,
  HelpQuestionsTable,
  HelpTopicsTable,
  HelpVotesTable,
  HelpWordsTable,
} from './tables/help';
import type { ModerationQueueTable, ModerationQueueTotalsTable } from './tables/moderation';
import type {
  SupportCannedAnswersTable,
  SupportMessagesTable,
  SupportPhotosTable,
  SupportTicketsTable,
} from './tables/support';
import type { OrderEventsTable, OrdersTable, ReviewsTable, UserRatingsTable } from './tables/orders';
import type {
  AccountTokensTable,
  AddressesTable,
  CompaniesTable,
  RateLimitsTable,
  SessionsTable,
  UserBlocksTable,
  UserNeighborhoodsTable,
  UsersTable,
} from './tables/people';
import type { CitiesTable, NeighborhoodsTable } from './tables/places';
import type {
  AuditLogTable,
  DailyFiguresTable,
  StaffMembersTable,
  StaffRecoveryCodesTable,
  StaffSecondFactorsTable,
  UserReportsTable,
} from './tables/staff';
import type { TestimonialsTable } from './tables/testimonials';
import type { WelcomeVideoFilesTable } from './tables/welcome-video';
import type { NewsletterDeliveriesTable, NewsletterIssuesTable, NewsletterSubscribersTable } from './tables/newsletter';

export * from './tables/columns';
export * from './tables/people';
export * from './tables/places';
export * from './tables/catalogue';
export * from './tables/notifications';
export * from './tables/orders';
export * from './tables/chat';
export * from './tables/staff';
export * from './tables/moderation';
export * from './tables/help';
export * from './tables/support';
export * from './tables/testimonials';
export * from './tables/welcome-video';
export * from './tables/newsletter';

/**
 * The database's tables as Kysely sees them, one file per area in tables/ (each table's one writer
 * is in table-owners.ts).
 */
export interface Database {
  users: UsersTable;
  companies: CompaniesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  cities: CitiesTable;
  neighborhoods: NeighborhoodsTable;
  addresses: AddressesTable;
  user_neighborhoods: UserNeighborhoodsTable;
  categories: CategoriesTable;
  listings: ListingsTable;
  listing_photos: ListingPhotosTable;
  listing_events: ListingEventsTable;
  listing_reports: ListingReportsTable;
  search_words: SearchWordsTable;
  media_uploads: MediaUploadsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notifications_seen: NotificationsSeenTable;
  mail_outbox: MailOutboxTable;
  app_secrets: AppSecretsTable;
  favourites: FavouritesTable;
  saved_searches: SavedSearchesTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  reviews: ReviewsTable;
  user_ratings: UserRatingsTable;
  account_tokens: AccountTokensTable;
  user_blocks: UserBlocksTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_reports: ConversationReportsTable;
  staff_members: StaffMembersTable;
  staff_second_factors: StaffSecondFactorsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  audit_log: AuditLogTable;
  user_reports: UserReportsTable;
  daily_figures: DailyFiguresTable;
  moderation_queue: ModerationQueueTable;
  moderation_queue_totals: ModerationQueueTotalsTable;
  help_topics: HelpTopicsTable;
  help_questions: HelpQuestionsTable;
  help_words: HelpWordsTable;
  help_votes: HelpVotesTable;
  help_pages: HelpPagesTable;
  help_page_versions: HelpPageVersionsTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  support_photos: SupportPhotosTable;
  support_canned_answers: SupportCannedAnswersTable;
  testimonials: TestimonialsTable;
  welcome_video_files: WelcomeVideoFilesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
}
