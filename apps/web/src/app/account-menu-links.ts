import type { User } from '@marketplace/contracts';
import type { MessageKey } from '@marketplace/contracts';
import { pageLinks, paths } from '../lib/paths';

/**
 * The signed-in user's own places, in the order both account menus list them (the header's
 * dropdown, the phone's menu): who they are, what they buy and sell, what they keep, how they are
 * told, and their account.
 */
export const accountMenuLinks = (user: Pick<User, 'id'>): readonly { to: string; label: MessageKey }[] => [
  { to: paths.profile, label: 'nav.profile' },
  { to: pageLinks.seller(user.id), label: 'nav.publicPage' },
  { to: paths.myListings, label: 'browse.myListings' },
  { to: paths.myPurchases, label: 'orders.myPurchases' },
  { to: paths.mySales, label: 'orders.mySales' },
  { to: paths.ordersHistory, label: 'orders.history' },
  { to: paths.messages, label: 'chat.title' },
  { to: paths.favourites, label: 'favourites.title' },
  { to: paths.savedSearches, label: 'savedSearches.title' },
  { to: paths.notificationSettings, label: 'notifications.settings' },
  { to: paths.password, label: 'nav.security' },
  { to: paths.blockedUsers, label: 'blocked.title' },
  { to: paths.deleteAccount, label: 'nav.deleteAccount' },
];
