import type { MessageKey } from '../i18n/message';

/**
 * How a category's listings trade (issue 32). Zod-free: the public pages read it with
 * catalogue-essentials.
 * - `items`: Buy, Make an offer, delivery or pickup, a condition.
 * - `rent` (property for rent): a price per year or per month; no condition, no Buy, no offer: the
 *   buyer contacts the owner or requests a viewing in the chat.
 * - `sale_contact` (vehicles, property for sale): Make an offer and Message seller; no Buy, no
 *   delivery (handed over in person).
 */
export const tradeKinds = ['items', 'rent', 'sale_contact'] as const;
export type TradeKind = (typeof tradeKinds)[number];

/** What a rent's price is for. */
export const pricePeriods = ['year', 'month'] as const;
export type PricePeriod = (typeof pricePeriods)[number];

export interface TradeRules {
  /** Buy at the listed price (an order of kind `buy`). */
  buy: boolean;
  /** Make an offer (an order of kind `offer`), on a negotiable listing. */
  offer: boolean;
  /** Delivery options: without them the listing is seen and handed over where it is. */
  delivery: boolean;
  /** The listing says what condition it is in. */
  condition: boolean;
  /** The price is for a period (a year, a month). */
  pricePeriod: boolean;
}

export const TRADE_KIND_RULES = {
  items: { buy: true, offer: true, delivery: true, condition: true, pricePeriod: false },
  rent: { buy: false, offer: false, delivery: false, condition: false, pricePeriod: true },
  sale_contact: { buy: false, offer: true, delivery: false, condition: true, pricePeriod: false },
} as const satisfies Record<TradeKind, TradeRules>;

/** The rules of a kind; no category (a draft without one) trades as items. */
export const tradeRules = (kind: TradeKind | null | undefined): TradeRules => TRADE_KIND_RULES[kind ?? 'items'];

/** The wizard's choice of period ("Per year"). */
export const PRICE_PERIOD_NAMES = {
  year: 'listing.pricePeriod.year',
  month: 'listing.pricePeriod.month',
} as const satisfies Record<PricePeriod, MessageKey>;

/** A price with its period, wherever a price shows ("AED 120,000 / year"); its `price` is the formatted price. */
export const PRICE_PER_PERIOD = {
  year: 'listing.pricePer.year',
  month: 'listing.pricePer.month',
} as const satisfies Record<PricePeriod, MessageKey>;
