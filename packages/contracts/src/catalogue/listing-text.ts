import type { MessageKey } from '../i18n/message';
import type { ListingStatus } from './listing-fields';
import type { ListingAction } from './listings';

/**
 * A listing's address slug from its title: lower case, letters and digits of any script, words
 * joined by '-', at most 60 characters. Only for people and crawlers: the id finds the listing.
 */
export function listingSlug(title: string | null): string {
  const slug = (title ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}]+/gu, '-')
    .replaceAll(/^-+|-+$/g, '');
  const cut = Array.from(slug).slice(0, 60).join('').replace(/-+$/, '');
  return !cut || cut === 'edit' ? `item${cut ? '-edit' : ''}` : cut;
}

/** 100 fils make a dirham; prices travel and are stored as integer fils. */
export const FILS_PER_DIRHAM = 100;

/** Each state's name in the catalogues ("live", "paused"), for pages and messages alike. */
export const LISTING_STATUS_NAMES = {
  draft: 'listing.status.draft',
  active: 'listing.status.active',
  paused: 'listing.status.paused',
  reserved: 'listing.status.reserved',
  sold: 'listing.status.sold',
  expired: 'listing.status.expired',
  removed: 'listing.status.removed',
} as const satisfies Record<ListingStatus, MessageKey>;

/** Each seller action's name in the catalogues, as a verb ("pause"). */
export const LISTING_ACTION_NAMES = {
  edit: 'listing.action.edit',
  publish: 'listing.action.publish',
  pause: 'listing.action.pause',
  resume: 'listing.action.resume',
  mark_sold: 'listing.action.mark_sold',
  renew: 'listing.action.renew',
  delete: 'listing.action.delete',
} as const satisfies Record<ListingAction, MessageKey>;

/**
 * A price in fils as people read it in `intlLocale`: 'AED 1,250' for whole dirhams, 'AED 1,250.50'
 * otherwise; `free` (the caller's translation of "Free") for 0 or no price.
 */
export function formatPrice(fils: number | null, intlLocale: string, free: string): string {
  if (fils === null || fils === 0) return free;
  const whole = fils % FILS_PER_DIRHAM === 0;
  return new Intl.NumberFormat(intlLocale, {
    style: 'currency',
    currency: 'AED',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(fils / FILS_PER_DIRHAM);
}
