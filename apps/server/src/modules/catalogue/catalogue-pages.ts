import {
  CATALOGUE_API,
  FIRST_PAGE,
  formatPrice,
  INTL_LOCALES,
  listingsUrl,
  pageCursor,
  pageFromCursor,
  pageLinks,
  PRICE_PER_PERIOD,
  readSearchParams,
  withRentPeriod,
  SEARCH_API,
  searchQueryString,
  type Category,
  type Listing,
  type ListingPage,
  type PageMatch,
  type PricePeriod,
  type SearchParams,
  type SellerSummary,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { absoluteMediaUrl } from '../media';
import { listingJsonLd } from './listing-json-ld';

/** What a public page adds to the HTML the server sends: its head for crawlers and link previews, and its first data. */
export interface PageExtras {
  status: number;
  /** A permanent redirect to the page's canonical address (a listing's slug that changed). */
  redirect?: string;
  title?: string;
  description?: string;
  canonical?: string;
  /** The next page of a paged grid (`<link rel="next">`), for crawlers. */
  next?: string;
  image?: string;
  jsonLd?: unknown;
  noindex?: boolean;
  /**
   * The page's largest image above the fold (its LCP): preloaded from the HTML, so it downloads
   * with the app's code instead of after the page has rendered.
   */
  leadImage?: string;
  /** The API answers the page starts with, by the very address it would ask for them. */
  data: Record<string, unknown>;
}

/**
 * A paged grid's addresses: its page's own (a cursor page's canonical is itself, since pointing it at
 * the first page would tell crawlers to drop the listings only that page links to) and the next.
 */
function gridLinks(origin: string, path: string, cursor: string | undefined, page: ListingPage | undefined) {
  return {
    canonical: `${origin}${cursor ? pageFromCursor(path, cursor) : path}`,
    ...(page?.next_cursor && { next: `${origin}${pageFromCursor(path, page.next_cursor)}` }),
  };
}

/** The query string of the page asked for, with its `?`; empty without one. */
const searchOf = (request: FastifyRequest) => {
  const start = request.url.indexOf('?');
  return start === -1 ? '' : request.url.slice(start);
};

/** A search's first data as its page asks for it: the results from the address's cursor on, and the counts. */
function searchAddresses(params: SearchParams) {
  const counted: SearchParams = { ...params };
  delete counted.cursor;
  const address = (base: string, text: string) => (text ? `${base}?${text}` : base);
  return {
    results: address(SEARCH_API.results, searchQueryString(params)),
    facets: address(SEARCH_API.facets, searchQueryString(counted)),
  };
}

/** Field filters the category does not have are left out, as the page leaves them (search-results.tsx). */
function knownFields(query: SearchParams, category: Category): SearchParams {
  const attributes = Object.entries(query.attributes ?? {}).filter(([key]) =>
    category.attributes.some((attribute) => attribute.key === key && attribute.filterable),
  );
  const known: SearchParams = { ...query };
  delete known.attributes;
  return attributes.length > 0 ? { ...known, attributes: Object.fromEntries(attributes) } : known;
}

/** A grid's first cover: the card the eye and the LCP go to first. */
const leadCard = (page: ListingPage | undefined) =>
  page?.data[0]?.cover ? { leadImage: page.data[0].cover.card } : {};

const DESCRIPTION_LENGTH = 160;
const clip = (text: string) => {
  const flat = text.replaceAll(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= DESCRIPTION_LENGTH ? flat : `${chars.slice(0, DESCRIPTION_LENGTH - 1).join('')}…`;
};

/**
 * The catalogue's public pages, answered the way the page itself would ask: each API call is made
 * inside the server (same session, same language) and its answer put in the page, so the first
 * paint waits for no request and the data is exactly what the page would have fetched.
 */
export function cataloguePages(app: FastifyInstance) {
  async function get(request: FastifyRequest, url: string): Promise<{ status: number; body: unknown }> {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        ...(request.headers.cookie && { cookie: request.headers.cookie }),
        ...(request.headers['accept-language'] && { 'accept-language': request.headers['accept-language'] }),
      },
      remoteAddress: request.ip,
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  }

  const collect = async (request: FastifyRequest, urls: readonly string[]) => {
    const data: Record<string, unknown> = {};
    const answers = await Promise.all(urls.map(async (url) => [url, await get(request, url)] as const));
    for (const [url, answer] of answers) if (answer.status === 200) data[url] = answer.body;
    return { data, answers: new Map(answers) };
  };

  return async function load(
    request: FastifyRequest,
    match: PageMatch,
    origin: string,
  ): Promise<PageExtras | undefined> {
    const { t } = request.translator;
    // A rent's price with its period (issue 32): 'AED 120,000 / year'.
    const money = (fils: number | null, period?: PricePeriod | null) => {
      const price = formatPrice(fils, INTL_LOCALES[request.locale], t('listing.free'));
      return period && fils ? t(PRICE_PER_PERIOD[period], { price }) : price;
    };

    switch (match.page) {
      case 'home': {
        const { data } = await collect(request, [
          CATALOGUE_API.categories,
          listingsUrl({ near: 'me', limit: FIRST_PAGE.home }),
        ]);
        const fresh = data[listingsUrl({ near: 'me', limit: FIRST_PAGE.home })] as ListingPage | undefined;
        return { status: 200, canonical: `${origin}/`, ...leadCard(fresh), data };
      }
      case 'category': {
        // A search scoped to the category (issue 32): its filters, sort and cursor are the query
        // string's; the page asks for exactly these addresses (features/search, useSearch).
        const slug = match.params.category;
        const { data } = await collect(request, [CATALOGUE_API.categories]);
        const categories = (data[CATALOGUE_API.categories] as { data: Category[] } | undefined)?.data ?? [];
        const category = categories.find((candidate) => candidate.slug === slug);
        if (!category) return { status: 404, data: {} };
        const { params } = readSearchParams(searchOf(request));
        const { cursor, ...asked } = params;
        const query = withRentPeriod(knownFields({ ...asked, category: slug }, category), category.trade_kind);
        const search = searchAddresses(cursor ? { ...query, cursor } : query);
        Object.assign(data, (await collect(request, [search.results, search.facets])).data);
        const page = data[search.results] as ListingPage | undefined;
        const total = (data[search.facets] as { data: { total: number } } | undefined)?.data.total;
        const path = pageLinks.category(slug);
        // A filtered or sorted variant is the category's page for crawlers: its canonical is the
        // clean address, and it offers no next page of its own.
        const filters: SearchParams = { ...query };
        delete filters.category;
        const filtered = searchQueryString(filters) !== '';
        return {
          status: 200,
          title: t('title.page', { page: category.name }),
          description: t('category.metaDescription', {
            category: category.name,
            count: filtered ? (total ?? 0) : category.listing_count,
          }),
          ...(filtered ? { canonical: `${origin}${path}` } : gridLinks(origin, path, cursor, page)),
          ...(page?.data[0]?.cover && { image: absoluteMediaUrl(origin, page.data[0].cover.card) }),
          ...leadCard(page),
          data,
        };
      }
      case 'listing': {
        const address = CATALOGUE_API.listing(match.params.id);
        const { data, answers } = await collect(request, [address, CATALOGUE_API.categories]);
        // Removed by moderation: the page says so (the app asks the API, which answers 410 with why).
        if (answers.get(address)?.status === 410) return { status: 410, noindex: true, data: {} };
        if (answers.get(address)?.status !== 200) return { status: 404, data: {} };
        const listing = (data[address] as { data: Listing }).data;
        const path = pageLinks.listing(listing.id, listing.slug);
        if (listing.slug !== match.params.slug) return { status: 301, redirect: path, data: {} };
        const related = listingsUrl({ seller: listing.seller.id, exclude: listing.id, limit: FIRST_PAGE.related });
        Object.assign(data, (await collect(request, [related])).data);
        const image = listing.photos[0] ? absoluteMediaUrl(origin, listing.photos[0].full) : undefined;
        return {
          status: 200,
          title: t('title.page', { page: `${listing.title} · ${money(listing.price_fils, listing.price_period)}` }),
          description: clip(listing.description ?? listing.title),
          canonical: `${origin}${path}`,
          ...(image && { image }),
          ...(listing.photos[0] && { leadImage: listing.photos[0].full }),
          noindex: listing.status !== 'active',
          jsonLd: listingJsonLd(
            listing,
            `${origin}${path}`,
            listing.photos.map((photo) => absoluteMediaUrl(origin, photo.full)),
          ),
          data,
        };
      }
      case 'seller': {
        const address = CATALOGUE_API.seller(match.params.id);
        const cursor = pageCursor(searchOf(request));
        const listingsAddress = listingsUrl({
          seller: match.params.id,
          ...(cursor && { cursor }),
          limit: FIRST_PAGE.seller,
        });
        const { data, answers } = await collect(request, [address, listingsAddress]);
        if (answers.get(address)?.status !== 200) return { status: 404, data: {} };
        const seller = (data[address] as { data: SellerSummary }).data;
        const page = data[listingsAddress] as ListingPage | undefined;
        return {
          status: 200,
          title: t('title.page', { page: seller.name }),
          // Rated sellers say so where search results show it; the rating is in the page's data too.
          description:
            seller.rating.average === null
              ? t('seller.metaDescription', { name: seller.name, count: seller.active_listings })
              : t('seller.metaDescriptionRated', {
                  name: seller.name,
                  count: seller.active_listings,
                  average: seller.rating.average.toFixed(1),
                  reviews: seller.rating.count,
                }),
          ...gridLinks(origin, pageLinks.seller(seller.id), cursor, page),
          ...(seller.avatar && { image: absoluteMediaUrl(origin, seller.avatar) }),
          ...leadCard(page),
          data,
        };
      }
      case 'search': {
        // The addresses the page will ask for, written by the same function from the same address.
        const { data } = await collect(request, [CATALOGUE_API.categories]);
        const categories = (data[CATALOGUE_API.categories] as { data: Category[] } | undefined)?.data ?? [];
        const read = readSearchParams(searchOf(request)).params;
        const kind = categories.find((candidate) => candidate.slug === read.category)?.trade_kind;
        const params = withRentPeriod(read, kind);
        const query = { ...params };
        delete query.cursor;
        const search = searchAddresses(params);
        Object.assign(data, (await collect(request, [search.results, search.facets])).data);
        const page = data[search.results] as ListingPage | undefined;
        const total = (data[search.facets] as { data: { total: number } } | undefined)?.data.total ?? 0;
        const path = `/search${searchQueryString(params) ? `?${searchQueryString(params)}` : ''}`;
        return {
          status: 200,
          title: t('title.page', { page: query.q ? t('search.resultsFor', { q: query.q }) : t('search.heading') }),
          description: t('search.metaDescription', { count: total }),
          canonical: `${origin}${path}`,
          ...(page?.next_cursor && {
            next: `${origin}/search?${searchQueryString({ ...query, cursor: page.next_cursor })}`,
          }),
          ...leadCard(page),
          data,
        };
      }
      case 'sell':
      case 'myListings':
      case 'myListingsHistory':
      case 'editListing':
      case 'order':
      case 'notifications':
      case 'notificationSettings':
      case 'favourites':
      case 'savedSearches':
      case 'myPurchases':
      case 'mySales':
      case 'ordersHistory':
        return { status: 200, noindex: true, data: {} };
      default:
        return undefined;
    }
  };
}
