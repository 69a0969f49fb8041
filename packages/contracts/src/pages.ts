import type { MessageKey } from './i18n/message';

/**
 * Every page address of the web app, in one place: links and redirects use these, never string
 * literals, and the server answers any other address with 404 (the app then shows its not-found
 * page). Its own entry point (`@marketplace/contracts/pages`), so the code every page loads takes
 * these few bytes and none of the schemas.
 */
export const PAGE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  profile: '/profile',
  sell: '/sell',
  myListings: '/account/items',
  myListingsHistory: '/account/items/history',
  search: '/search',
  notifications: '/notifications',
  notificationSettings: '/account/notifications',
  favourites: '/account/favourites',
  savedSearches: '/account/saved-searches',
  password: '/account/password',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  blockedUsers: '/account/blocked',
  messages: '/messages',
  myPurchases: '/account/purchases',
  mySales: '/account/sales',
  ordersHistory: '/account/orders/history',
  verifyEmail: '/verify-email',
  deleteAccount: '/account/delete',
  support: '/support',
  mySupport: '/account/support',
  help: '/help',
  safety: '/safety',
  terms: '/terms',
  privacy: '/privacy',
  about: '/about',
  newsletter: '/newsletter',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

/** Pages whose address names something: React Router's patterns, and the links to them. */
export const PAGE_PATTERNS = {
  category: '/c/:category',
  listing: '/items/:id/:slug',
  editListing: '/items/:id/edit',
  seller: '/users/:id',
  conversation: '/messages/:id',
  order: '/orders/:id',
  supportTicket: '/account/support/:id',
  visitorTicket: '/support/t/:token',
  helpQuestion: '/help/:slug',
  newsletterIssue: '/newsletter/:id',
} as const;
export type PatternPage = keyof typeof PAGE_PATTERNS;

export const pageLinks = {
  category: (slug: string) => `/c/${slug}`,
  listing: (id: number, slug: string) => `/items/${id}/${encodeURIComponent(slug)}`,
  editListing: (id: number) => `/items/${id}/edit`,
  seller: (id: number) => `/users/${id}`,
  conversation: (id: number) => `/messages/${id}`,
  order: (id: number) => `/orders/${id}`,
  supportTicket: (id: number) => `/account/support/${id}`,
  visitorTicket: (token: string) => `/support/t/${token}`,
  helpQuestion: (slug: string) => `/help/${slug}`,
  newsletterIssue: (id: number) => `/newsletter/${id}`,
} as const;

const PATTERN_MATCHERS: readonly [PatternPage, RegExp][] = [
  ['editListing', /^\/items\/([1-9][0-9]{0,9})\/edit$/],
  ['listing', /^\/items\/([1-9][0-9]{0,9})\/([^/]{1,200})$/],
  ['category', /^\/c\/([a-z0-9-]{1,60})$/],
  ['seller', /^\/users\/([1-9][0-9]{0,9})$/],
  ['conversation', /^\/messages\/([1-9][0-9]{0,9})$/],
  ['order', /^\/orders\/([1-9][0-9]{0,9})$/],
  ['supportTicket', /^\/account\/support\/([1-9][0-9]{0,9})$/],
  ['visitorTicket', /^\/support\/t\/([1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43})$/],
  ['helpQuestion', /^\/help\/([a-z0-9-]{1,120})$/],
  ['newsletterIssue', /^\/newsletter\/([1-9][0-9]{0,9})$/],
];

export type PageMatch =
  | { page: keyof typeof PAGE_PATHS; params: Record<string, never> }
  | { page: 'category'; params: { category: string } }
  | { page: 'listing'; params: { id: number; slug: string } }
  | { page: 'editListing'; params: { id: number } }
  | { page: 'seller'; params: { id: number } }
  | { page: 'conversation'; params: { id: number } }
  | { page: 'order'; params: { id: number } }
  | { page: 'supportTicket'; params: { id: number } }
  | { page: 'visitorTicket'; params: { token: string } }
  | { page: 'helpQuestion'; params: { slug: string } }
  | { page: 'newsletterIssue'; params: { id: number } };

const fixedPages = new Map<string, keyof typeof PAGE_PATHS>(
  Object.entries(PAGE_PATHS).map(([name, path]) => [path, name as keyof typeof PAGE_PATHS]),
);

/** Which page an address is ('/profile/' too: the router takes it as '/profile'), or undefined for none. */
export function matchPage(pathname: string): PageMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = fixedPages.get(path);
  if (fixed) return { page: fixed, params: {} };
  for (const [page, pattern] of PATTERN_MATCHERS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const [, first = '', second = ''] = match;
    if (page === 'category') return { page, params: { category: first } };
    if (page === 'visitorTicket') return { page, params: { token: first } };
    if (page === 'helpQuestion') return { page, params: { slug: first } };
    if (page === 'listing') {
      let slug = second;
      try {
        slug = decodeURIComponent(second);
      } catch {
        // a slug that is no valid percent-encoding still names the listing by its id
      }
      return { page, params: { id: Number(first), slug } };
    }
    return { page, params: { id: Number(first) } };
  }
  return undefined;
}

export function isPagePath(pathname: string): boolean {
  return matchPage(pathname) !== undefined;
}

/**
 * The name of each page's code chunk (its module's file name, app/pages.ts): the server preloads the
 * chunk of the page it sends, so the page's code downloads with the app's instead of after it.
 */
export const PAGE_CHUNKS = {
  home: 'home-page',
  login: 'login-page',
  register: 'register-page',
  profile: 'profile-page',
  sell: 'sell-page',
  myListings: 'my-listings-page',
  myListingsHistory: 'listings-history-page',
  category: 'category-page',
  listing: 'listing-page',
  editListing: 'sell-page',
  seller: 'seller-page',
  order: 'order-page',
  search: 'search-page',
  notifications: 'notifications-page',
  notificationSettings: 'notification-settings-page',
  favourites: 'favourites-page',
  savedSearches: 'saved-searches-page',
  password: 'password-page',
  forgotPassword: 'forgot-password-page',
  resetPassword: 'reset-password-page',
  blockedUsers: 'blocked-users-page',
  messages: 'messages-page',
  conversation: 'messages-page',
  myPurchases: 'my-orders-page',
  mySales: 'my-orders-page',
  ordersHistory: 'orders-history-page',
  verifyEmail: 'verify-email-page',
  deleteAccount: 'delete-account-page',
  support: 'support-page',
  mySupport: 'my-support-page',
  supportTicket: 'my-support-page',
  visitorTicket: 'my-support-page',
  help: 'help-page',
  helpQuestion: 'help-question-page',
  safety: 'content-page',
  terms: 'content-page',
  privacy: 'content-page',
  about: 'content-page',
  newsletter: 'newsletter-page',
  newsletterIssue: 'newsletter-page',
} as const satisfies Readonly<Record<PageMatch['page'], string>>;

/** Each page's title in the catalogues; a page about one thing (a listing) sets its own once loaded. */
const PAGE_TITLES: Readonly<Record<PageMatch['page'], MessageKey>> = {
  home: 'title.home',
  login: 'title.login',
  register: 'title.register',
  profile: 'title.profile',
  sell: 'title.sell',
  myListings: 'title.myListings',
  myListingsHistory: 'title.myListingsHistory',
  category: 'title.home',
  listing: 'title.home',
  editListing: 'title.editListing',
  seller: 'title.home',
  order: 'title.order',
  search: 'title.search',
  notifications: 'title.notifications',
  notificationSettings: 'title.notificationSettings',
  favourites: 'title.favourites',
  savedSearches: 'title.savedSearches',
  password: 'title.password',
  forgotPassword: 'title.forgotPassword',
  resetPassword: 'title.resetPassword',
  blockedUsers: 'title.blockedUsers',
  messages: 'title.messages',
  conversation: 'title.messages',
  myPurchases: 'title.myPurchases',
  mySales: 'title.mySales',
  ordersHistory: 'title.ordersHistory',
  verifyEmail: 'title.verifyEmail',
  deleteAccount: 'title.deleteAccount',
  support: 'title.support',
  mySupport: 'title.mySupport',
  supportTicket: 'title.supportTicket',
  visitorTicket: 'title.supportTicket',
  help: 'title.help',
  helpQuestion: 'title.help',
  safety: 'title.home',
  terms: 'title.home',
  privacy: 'title.home',
  about: 'title.home',
  newsletter: 'title.newsletter',
  newsletterIssue: 'title.newsletter',
};

export function pageTitleKey(pathname: string): MessageKey {
  const match = matchPage(pathname);
  return match ? PAGE_TITLES[match.page] : 'title.notFound';
}
