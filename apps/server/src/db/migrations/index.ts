import type { Migration, MigrationProvider } from 'kysely';
import * as accountsAndSessions from './0001-accounts-and-sessions';
import * as profilesAndPlaces from './0002-profiles-and-places';
import * as languages from './0003-languages';
import * as catalogue from './0004-catalogue';
import * as listingReports from './0005-listing-reports';
import * as search from './0006-search';
import * as notifications from './0007-notifications';
import * as searchWords from './0008-search-words';
import * as nearest from './0009-nearest';
import * as favourites from './0010-favourites';
import * as savedSearches from './0011-saved-searches';
import * as orders from './0012-orders';
import * as accountTokens from './0013-account-tokens';
import * as userBlocks from './0014-user-blocks';
import * as chat from './0015-chat';
import * as chatMail from './0016-chat-mail';
import * as emailVerificationAndDeletion from './0017-email-verification-and-deletion';
import * as chatPhotos from './0018-chat-photos';
import * as ordersLapsed from './0019-orders-lapsed';
import * as backOffice from './0020-back-office';
import * as dashboardIndexes from './0021-dashboard-indexes';
import * as backOfficeSearch from './0022-back-office-search';
import * as moderationIndexes from './0023-moderation-indexes';
import * as notificationsSeen from './0024-notifications-seen';
import * as helpCentre from './0025-help-centre';
import * as supportTickets from './0026-support-tickets';
import * as auditLogTextSearch from './0027-audit-log-text-search';
import * as ratingsAndReviewReminders from './0028-ratings-and-review-reminders';
import * as tradeKinds from './0029-trade-kinds';
import * as testimonials from './0030-testimonials';
import * as newsletterSubscribers from './0031-newsletter-subscribers';
import * as cacheInvalidation from './0032-cache-invalidation';
import * as cacheInvalidationTruncate from './0033-cache-invalidation-truncate';
import * as newsletterIssues from './0034-newsletter-issues';
import * as welcomeVideoFiles from './0035-welcome-video-files';
import * as searchCacheInvalidation from './0036-search-cache-invalidation';

/** Listed in code, not read from a folder, so migrations travel with any bundle of the server. */
const migrations: Record<string, Migration> = {
  '0001-accounts-and-sessions': accountsAndSessions,
  '0002-profiles-and-places': profilesAndPlaces,
  '0003-languages': languages,
  '0004-catalogue': catalogue,
  '0005-listing-reports': listingReports,
  '0006-search': search,
  '0007-notifications': notifications,
  '0008-search-words': searchWords,
  '0009-nearest': nearest,
  '0010-favourites': favourites,
  '0011-saved-searches': savedSearches,
  '0012-orders': orders,
  '0013-account-tokens': accountTokens,
  '0014-user-blocks': userBlocks,
  '0015-chat': chat,
  '0016-chat-mail': chatMail,
  '0017-email-verification-and-deletion': emailVerificationAndDeletion,
  '0018-chat-photos': chatPhotos,
  '0019-orders-lapsed': ordersLapsed,
  '0020-back-office': backOffice,
  '0021-dashboard-indexes': dashboardIndexes,
  '0022-back-office-search': backOfficeSearch,
  '0023-moderation-indexes': moderationIndexes,
  '0024-notifications-seen': notificationsSeen,
  '0025-help-centre': helpCentre,
  '0026-support-tickets': supportTickets,
  '0027-audit-log-text-search': auditLogTextSearch,
  '0028-ratings-and-review-reminders': ratingsAndReviewReminders,
  '0029-trade-kinds': tradeKinds,
  '0030-testimonials': testimonials,
  '0031-newsletter-subscribers': newsletterSubscribers,
  '0032-cache-invalidation': cacheInvalidation,
  '0033-cache-invalidation-truncate': cacheInvalidationTruncate,
  '0034-newsletter-issues': newsletterIssues,
  '0035-welcome-video-files': welcomeVideoFiles,
  '0036-search-cache-invalidation': searchCacheInvalidation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
