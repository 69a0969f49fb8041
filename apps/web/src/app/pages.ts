import { BLOCKS_API, FAVOURITES_API, SAVED_SEARCHES_API } from '@marketplace/contracts/catalogue-essentials';
import { ORDERS_API } from '@marketplace/contracts/orders-essentials';
import { NOTIFICATIONS_API } from '@marketplace/contracts/notifications-essentials';
import { requestEarly } from '../lib/early-requests';
import { pagePatterns, paths } from '../lib/paths';

/**
 * Every page area that loads on demand: its address, its chunk's name (the page module's file name,
 * which the build gives the chunk; pages.test.ts checks they agree) and how to load it.
 */
export const pages = {
  home: { path: paths.home, chunk: 'home-page', load: () => import('./routes/home-page') },
  login: { path: paths.login, chunk: 'login-page', load: () => import('../features/auth/components/login-page') },
  register: {
    path: paths.register,
    chunk: 'register-page',
    load: () => import('../features/auth/components/register-page'),
  },
  profile: {
    path: paths.profile,
    chunk: 'profile-page',
    load: () => import('../features/profile/components/profile-page'),
    earlyRequests: ['/user/profile', '/cities', '/timezones'],
  },
  category: {
    path: pagePatterns.category,
    chunk: 'category-page',
    load: () => import('./routes/category-page'),
  },
  listing: {
    path: pagePatterns.listing,
    chunk: 'listing-page',
    load: () => import('./routes/listing-page'),
  },
  seller: {
    path: pagePatterns.seller,
    chunk: 'seller-page',
    load: () => import('./routes/seller-page'),
  },
  order: {
    path: pagePatterns.order,
    chunk: 'order-page',
    load: () => import('../features/orders/order-page'),
  },
  sell: {
    path: paths.sell,
    chunk: 'sell-page',
    load: () => import('./routes/sell-page'),
  },
  editListing: {
    path: pagePatterns.editListing,
    chunk: 'sell-page',
    load: () => import('./routes/sell-page'),
  },
  myListings: {
    path: paths.myListings,
    chunk: 'my-listings-page',
    load: () => import('../features/selling/my-listings-page'),
  },
  search: {
    path: paths.search,
    chunk: 'search-page',
    load: () => import('./routes/search-page'),
  },
  myListingsHistory: {
    path: paths.myListingsHistory,
    chunk: 'listings-history-page',
    load: () => import('../features/selling/listings-history-page'),
  },
  notifications: {
    path: paths.notifications,
    chunk: 'notifications-page',
    load: () => import('../features/notifications/notifications-page'),
    earlyRequests: [NOTIFICATIONS_API.list],
  },
  notificationSettings: {
    path: paths.notificationSettings,
    chunk: 'notification-settings-page',
    load: () => import('../features/notifications/notification-settings-page'),
    earlyRequests: [NOTIFICATIONS_API.settings],
  },
  favourites: {
    path: paths.favourites,
    chunk: 'favourites-page',
    load: () => import('../features/favourites/favourites-page'),
    earlyRequests: [FAVOURITES_API.list],
  },
  savedSearches: {
    path: paths.savedSearches,
    chunk: 'saved-searches-page',
    load: () => import('../features/saved-searches/saved-searches-page'),
    earlyRequests: [SAVED_SEARCHES_API.list],
  },
  password: {
    path: paths.password,
    chunk: 'password-page',
    load: () => import('../features/account/password-page'),
  },
  forgotPassword: {
    path: paths.forgotPassword,
    chunk: 'forgot-password-page',
    load: () => import('../features/auth/components/forgot-password-page'),
  },
  resetPassword: {
    path: paths.resetPassword,
    chunk: 'reset-password-page',
    load: () => import('../features/auth/components/reset-password-page'),
  },
  messages: {
    path: paths.messages,
    chunk: 'messages-page',
    load: () => import('../features/chat/messages-page'),
  },
  conversation: {
    path: pagePatterns.conversation,
    chunk: 'messages-page',
    load: () => import('../features/chat/messages-page'),
  },
  blockedUsers: {
    path: paths.blockedUsers,
    chunk: 'blocked-users-page',
    load: () => import('../features/blocks/blocked-users-page'),
    earlyRequests: [BLOCKS_API.list],
  },
  myPurchases: {
    path: paths.myPurchases,
    chunk: 'my-orders-page',
    load: () => import('../features/orders/my-orders-page'),
    earlyRequests: [`${ORDERS_API.orders}?role=buyer`],
  },
  mySales: {
    path: paths.mySales,
    chunk: 'my-orders-page',
    load: () => import('../features/orders/my-orders-page'),
    earlyRequests: [`${ORDERS_API.orders}?role=seller`],
  },
  ordersHistory: {
    path: paths.ordersHistory,
    chunk: 'orders-history-page',
    load: () => import('../features/orders/orders-history-page'),
    earlyRequests: [ORDERS_API.history],
  },
  verifyEmail: {
    path: paths.verifyEmail,
    chunk: 'verify-email-page',
    load: () => import('../features/account/verify-email-page'),
  },
  deleteAccount: {
    path: paths.deleteAccount,
    chunk: 'delete-account-page',
    load: () => import('../features/account/delete-account-page'),
  },
  support: {
    path: paths.support,
    chunk: 'support-page',
    load: () => import('../features/support/support-page'),
  },
  visitorTicket: {
    path: pagePatterns.visitorTicket,
    chunk: 'my-support-page',
    load: () => import('../features/support/my-support-page'),
  },
  mySupport: {
    path: paths.mySupport,
    chunk: 'my-support-page',
    load: () => import('../features/support/my-support-page'),
  },
  supportTicket: {
    path: pagePatterns.supportTicket,
    chunk: 'my-support-page',
    load: () => import('../features/support/my-support-page'),
  },
  help: {
    path: paths.help,
    chunk: 'help-page',
    load: () => import('../features/help/help-page'),
  },
  helpQuestion: {
    path: pagePatterns.helpQuestion,
    chunk: 'help-question-page',
    load: () => import('../features/help/help-question-page'),
  },
  safety: {
    path: paths.safety,
    chunk: 'content-page',
    load: () => import('../features/help/content-page'),
  },
  terms: {
    path: paths.terms,
    chunk: 'content-page',
    load: () => import('../features/help/content-page'),
  },
  privacy: {
    path: paths.privacy,
    chunk: 'content-page',
    load: () => import('../features/help/content-page'),
  },
  about: {
    path: paths.about,
    chunk: 'content-page',
    load: () => import('../features/help/content-page'),
  },
  newsletter: {
    path: paths.newsletter,
    chunk: 'newsletter-page',
    load: () => import('../features/newsletter/newsletter-page'),
  },
  newsletterIssue: {
    path: pagePatterns.newsletterIssue,
    chunk: 'newsletter-page',
    load: () => import('../features/newsletter/newsletter-page'),
  },
} satisfies Record<string, LazyPage<unknown>>;

export interface LazyPage<M> {
  path: string;
  chunk: string;
  load: () => Promise<M>;
  /**
   * What the page asks the API for as soon as it shows. When a signed-in user's visit starts on
   * this page, these requests go out while its code downloads (lib/early-requests.ts); the page's
   * queries read them with `getEarly`.
   */
  earlyRequests?: readonly string[];
}

/** On the first page of a visit by a signed-in user: start that page's data with its code. */
export function requestFirstPageEarly(pathname: string, signedIn: boolean): void {
  if (!signedIn) return;
  const all: LazyPage<unknown>[] = Object.values(pages);
  for (const url of all.find((page) => page.path === pathname)?.earlyRequests ?? []) requestEarly(url);
}
