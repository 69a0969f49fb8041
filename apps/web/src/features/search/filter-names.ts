import type { ListingCondition, MessageKey } from '@marketplace/contracts';
import type { PostedWithin, SellerType } from '@marketplace/contracts/catalogue-essentials';

/* The filters' values as a person reads them: the filters (search-filters.tsx) and the chips name them alike. */

export const CONDITION_NAMES = {
  new: 'browse.condition.new',
  like_new: 'browse.condition.like_new',
  good: 'browse.condition.good',
  fair: 'browse.condition.fair',
  for_parts: 'browse.condition.for_parts',
} as const satisfies Record<ListingCondition, MessageKey>;
export const POSTED_NAMES = {
  '1d': 'search.posted.1d',
  '7d': 'search.posted.7d',
  '30d': 'search.posted.30d',
} as const satisfies Record<PostedWithin, MessageKey>;
export const SELLER_TYPE_NAMES = {
  individual: 'search.sellerType.individual',
  company: 'search.sellerType.company',
} as const satisfies Record<SellerType, MessageKey>;
