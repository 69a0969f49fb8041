import { tradeRules, type Listing, type PricePeriod, type SellerSummary } from '@marketplace/contracts';

/* A product page's schema.org description (JSON-LD), which the page's head holds escaped (catalogue-pages.ts). */

/** schema.org's names for our conditions. */
const CONDITIONS: Record<string, string> = {
  new: 'https://schema.org/NewCondition',
  like_new: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  for_parts: 'https://schema.org/DamagedCondition',
};

/** UN/CEFACT's codes for a rent's period, as schema.org's unitCode takes them. */
const UNIT_CODES = { year: 'ANN', month: 'MON' } as const satisfies Record<PricePeriod, string>;

/** GoodRelations' word for letting something out: the offer is a rent, not a sale. */
const LEASE_OUT = 'http://purl.org/goodrelations/v1#LeaseOut';

/**
 * The offer's seller for schema.org: a company as an Organization with its rating, a person as a
 * Person without (schema.org gives a Person no aggregateRating). Numbers and the display name only:
 * no user text reaches the JSON-LD but the name, which the page escapes as it escapes all of it.
 */
function sellerLd(seller: SellerSummary) {
  if (seller.account_type !== 'company') return { '@type': 'Person', name: seller.name };
  return {
    '@type': 'Organization',
    name: seller.name,
    ...(seller.rating.average !== null &&
      seller.rating.count > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: seller.rating.average.toFixed(1),
          bestRating: '5',
          worstRating: '1',
          ratingCount: seller.rating.count,
        },
      }),
  };
}

/**
 * The listing as a schema.org Product with its Offer. A rent (issue 32) is offered for lease at a
 * price per unit of time: a UnitPriceSpecification per year (ANN) or per month (MON), and no
 * condition; anything else is a sale at one price, in its condition.
 */
export function listingJsonLd(listing: Listing, url: string, images: readonly string[]) {
  const price = ((listing.price_fils ?? 0) / 100).toFixed(2);
  const period = tradeRules(listing.category?.trade_kind).pricePeriod ? listing.price_period : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description: listing.description,
    image: images,
    ...(listing.category && { category: listing.category.name }),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'AED',
      price,
      ...(period
        ? {
            businessFunction: LEASE_OUT,
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price,
              priceCurrency: 'AED',
              unitCode: UNIT_CODES[period],
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: UNIT_CODES[period] },
            },
          }
        : { itemCondition: CONDITIONS[listing.condition ?? 'good'] }),
      availability: listing.status === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      seller: sellerLd(listing.seller),
    },
  };
}
