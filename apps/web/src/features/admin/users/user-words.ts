import type { MessageKey } from '@marketplace/contracts/i18n';
import type { AccountType, DeviceKind, ListingStatus } from '@marketplace/contracts';
import type { AdminSuspension } from '@marketplace/contracts/staff';
import type { I18n } from '../../../lib/i18n/i18n-store';
import type { CatalogueFormat } from '../../../lib/format';
import { moderationReasonWords } from '../moderation/moderation-words';

/** The words the users' and listings' screens share: account types, listing states, suspensions, dates. */

export const ACCOUNT_TYPE_NAMES: Readonly<Record<AccountType, MessageKey>> = {
  individual: 'admin.users.type.individual',
  company: 'admin.users.type.company',
};

export const LISTING_STATUS_NAMES: Readonly<Record<ListingStatus, MessageKey>> = {
  draft: 'admin.listings.status.draft',
  active: 'admin.listings.status.active',
  paused: 'admin.listings.status.paused',
  reserved: 'admin.listings.status.reserved',
  sold: 'admin.listings.status.sold',
  expired: 'admin.listings.status.expired',
  removed: 'admin.listings.status.removed',
};

export const DEVICE_NAMES: Readonly<Record<DeviceKind, MessageKey>> = {
  computer: 'account.device.computer',
  phone: 'account.device.phone',
  tablet: 'account.device.tablet',
  unknown: 'account.device.unknown',
};

/** ms since 1970 as the ISO text <time> and the formatters take. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** "Suspended until 3 Dec 2026 — Scam", "Suspended for good — Spam": when it ends, and why. */
export function suspensionWords(i18n: I18n, format: CatalogueFormat, suspension: AdminSuspension): string {
  const { t } = i18n;
  const state =
    suspension.until === null
      ? t('admin.users.suspendedForGood')
      : t('admin.users.suspendedUntil', { date: format.date(iso(suspension.until)) });
  return suspension.reason === null
    ? state
    : t('admin.users.withReason', { state, reason: moderationReasonWords(i18n, suspension.reason) });
}
