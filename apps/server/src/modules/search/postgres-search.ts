import type { Locale } from '@marketplace/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { placeName } from '../places/places-repository';
import { cardColumns, type CardRow } from '../catalogue/listing-cards';
import type { ResolvedSearch, SearchCursor, SearchEngine, SearchResults } from './search-engine';

/**
 * How close a misspelt word must come to a title's word to find it (pg_trgm's word similarity,
 * 0–1): 0.4 lets "iphnoe" find "iPhone" (0.43) and "samsnug" find "Samsung" (0.5), while a short
 * word does not match every title that holds its letters.
 */
const WORD_SIMILARITY = 0.4;
/** Titles looked at for suggestions before the best are chosen, so a common prefix stays cheap. */
const SUGGESTION_CANDIDATES = 200;
const SUGGESTED_TITLES = 5;
/** Matches sampled to name the categories a few typed words are mostly in. */
const CATEGORY_SAMPLE = 500;

type Except = 'condition' | 'city' | 'seller_type' | `attribute:${string}` | undefined;

/** The words a person typed, as a query of stems in both languages (OR), so either language finds them. */
const textQuery = (text: string) =>
  sql`(websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text}))`;

/** What has been typed so far, each word a prefix: "iph 13" finds "iPhone 13". Null when nothing is left. */
function prefixQuery(text: string): RawBuilder<unknown> | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  if (words.length === 0) return null;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql`(to_tsquery('english', ${query}) || to_tsquery('arabic', ${query}))`;
}

const likePattern = (text: string) => `${text.toLowerCase().replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The sort key of a result, and how pages follow each other in that order. */
function sortKey(search: ResolvedSearch): {
  key: RawBuilder<number | string | Date>;
  direction: 'asc' | 'desc';
  type: string;
} {
  switch (search.sort) {
    case 'price_asc':
      return { key: sql<number>`listings.price_fils`, direction: 'asc' as const, type: 'bigint' };
    case 'price_desc':
      return { key: sql<number>`listings.price_fils`, direction: 'desc' as const, type: 'bigint' };
    case 'relevance':
      if (search.text) {
        const rank = sql<number>`(ts_rank_cd(listings.search_document, ${textQuery(search.text)}, 1)
          + word_similarity(lower(${search.text}), lower(listings.title)))::float8`;
        return { key: rank, direction: 'desc' as const, type: 'float8' };
      }
      return { key: sql<string>`listings.published_at`, direction: 'desc' as const, type: 'timestamptz' };
    case 'newest':
      return { key: sql<string>`listings.published_at`, direction: 'desc' as const, type: 'timestamptz' };
  }
}

/** Search on the catalogue's own PostgreSQL tables: full text and trigrams (migration 0006-search). */
export class PostgresSearch implements SearchEngine {
  constructor(private readonly db: Kysely<Database>) {}

  /** Word similarity is a setting of the session: set for this transaction only. */
  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`.execute(trx);
      return work(trx);
    });
  }

  /** Active listings that match `search`, leaving out the filter named by `except` (for its own counts). */
  private matching(db: Kysely<Database>, search: ResolvedSearch, except?: Except) {
    let query = db.selectFrom('listings').where('listings.status', '=', 'active');
    if (search.text) {
      query = query.where(
        sql<SqlBool>`(listings.search_document @@ ${textQuery(search.text)} or lower(listings.title) %> lower(${search.text}))`,
      );
    }
    if (search.categoryIds) query = query.where('listings.category_id', 'in', search.categoryIds);
    if (search.minPriceFils !== undefined) query = query.where('listings.price_fils', '>=', search.minPriceFils);
    if (search.maxPriceFils !== undefined) query = query.where('listings.price_fils', '<=', search.maxPriceFils);
    if (search.conditions && except !== 'condition') query = query.where('listings.condition', 'in', search.conditions);
    if (except !== 'city') {
      if (search.cityId !== undefined) query = query.where('listings.city_id', '=', search.cityId);
      if (search.neighborhoodIds) query = query.where('listings.neighborhood_id', 'in', search.neighborhoodIds);
    }
    const sellerType = search.sellerType;
    if (sellerType && except !== 'seller_type') {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select(sql`1`.as('one'))
            .whereRef('users.id', '=', 'listings.seller_id')
            .where('users.account_type', '=', sellerType),
        ),
      );
    }
    if (search.withPhotos) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('listing_photos')
            .select(sql`1`.as('one'))
            .whereRef('listing_photos.listing_id', '=', 'listings.id'),
        ),
      );
    }
    if (search.publishedSince) query = query.where('listings.published_at', '>=', search.publishedSince);
    for (const [key, values] of Object.entries(search.choices ?? {})) {
      if (except !== `attribute:${key}`) query = query.where(sql<string>`listings.attributes ->> ${key}`, 'in', values);
    }
    for (const [key, { min, max }] of Object.entries(search.ranges ?? {})) {
      const value = sql<number>`case when jsonb_typeof(listings.attributes -> ${key}) = 'number'
        then (listings.attributes ->> ${key})::numeric end`;
      if (min !== undefined) query = query.where(value, '>=', min);
      if (max !== undefined) query = query.where(value, '<=', max);
    }
    for (const key of search.flags ?? []) {
      query = query.where(sql<SqlBool>`listings.attributes -> ${key} = 'true'::jsonb`);
    }
    return query;
  }

  results(
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
  ): Promise<SearchResults> {
    const { key, direction, type } = sortKey(search);
    const comparison = direction === 'asc' ? sql`>` : sql`<`;
    return this.inTransaction(async (trx) => {
      // The key goes to the cursor as PostgreSQL's own text of it: exact for a float, a bigint and
      // a time to the microsecond, as a JavaScript number or Date would not all be.
      let query = this.matching(trx, search).select((eb) => [
        ...cardColumns(eb, locale),
        sql<string>`(${key})::text`.as('sort_key'),
      ]);
      if (cursor) {
        query = query.where(
          sql<SqlBool>`(${key}, listings.id) ${comparison} (cast(${cursor.key} as ${sql.raw(type)}), ${cursor.id})`,
        );
      }
      const rows = (await query
        .orderBy(key, direction)
        .orderBy('listings.id', direction)
        .limit(limit + 1)
        .execute()) as (CardRow & { sort_key: string | null })[];
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page,
        next: rows.length > limit && last?.sort_key ? { key: last.sort_key, id: last.id } : undefined,
      };
    });
  }

  facets(search: ResolvedSearch, enumKeys: readonly string[], locale: Locale) {
    const count = sql<number>`count(*)::int`;
    return this.inTransaction(async (trx) => {
      const total = await this.matching(trx, search).select(count.as('count')).executeTakeFirstOrThrow();
      const categories = await this.matching(trx, search)
        .select(['listings.category_id', count.as('count')])
        .groupBy('listings.category_id')
        .execute();
      const conditions = await this.matching(trx, search, 'condition')
        .select(['listings.condition', count.as('count')])
        .groupBy('listings.condition')
        .orderBy('count', 'desc')
        .execute();
      const cities = await this.matching(trx, search, 'city')
        .innerJoin('cities', 'cities.id', 'listings.city_id')
        .select(['cities.id', placeName('cities', locale).as('name'), count.as('count')])
        .groupBy('cities.id')
        .orderBy('count', 'desc')
        .orderBy('cities.id')
        .execute();
      const sellerTypes = await this.matching(trx, search, 'seller_type')
        .innerJoin('users', 'users.id', 'listings.seller_id')
        .select(['users.account_type', count.as('count')])
        .groupBy('users.account_type')
        .orderBy('count', 'desc')
        .execute();
      const attributes = [];
      for (const key of enumKeys) {
        const values = await this.matching(trx, search, `attribute:${key}`)
          .select([sql<string>`listings.attributes ->> ${key}`.as('value'), count.as('count')])
          .where(sql<string>`listings.attributes ->> ${key}`, 'is not', null)
          // By position: the key is a parameter, and PostgreSQL does not see two parameters as one expression.
          .groupBy(sql`1`)
          .orderBy('count', 'desc')
          .execute();
        attributes.push({ key, values });
      }
      return {
        total: total.count,
        categoryCounts: new Map(
          categories.flatMap((row) => (row.category_id === null ? [] : [[row.category_id, row.count] as const])),
        ),
        conditions: conditions.flatMap((row) => (row.condition ? [{ value: row.condition, count: row.count }] : [])),
        cities,
        seller_types: sellerTypes.map((row) => ({ value: row.account_type, count: row.count })),
        attributes,
      };
    });
  }

  suggestions(prefix: string) {
    const text = prefix.toLowerCase();
    return this.inTransaction(async (trx) => {
      const candidates = trx
        .selectFrom('listings')
        .select(['listings.title', 'listings.published_at'])
        .where('listings.status', '=', 'active')
        .where(
          Array.from(text).length < 3
            ? sql<SqlBool>`lower(listings.title) like ${likePattern(text)}`
            : sql<SqlBool>`lower(listings.title) %> ${text}`,
        )
        .limit(SUGGESTION_CANDIDATES)
        .as('candidates');
      const titles = await trx
        .selectFrom(candidates)
        .select(['candidates.title'])
        .orderBy(sql`word_similarity(${text}, lower(candidates.title))`, 'desc')
        .orderBy('candidates.published_at', 'desc')
        .limit(SUGGESTED_TITLES * 3)
        .execute();
      const seen = new Set<string>();
      const distinct = titles
        .map((row) => row.title ?? '')
        .filter((title) => title !== '' && !seen.has(title.toLowerCase()) && seen.add(title.toLowerCase()))
        .slice(0, SUGGESTED_TITLES);
      const words = prefixQuery(text);
      const categoryCounts: [number, number][] = [];
      if (words) {
        const sample = trx
          .selectFrom('listings')
          .select('listings.category_id')
          .where('listings.status', '=', 'active')
          .where(sql<SqlBool>`listings.search_document @@ ${words}`)
          .limit(CATEGORY_SAMPLE)
          .as('sample');
        const rows = await trx
          .selectFrom(sample)
          .select(['sample.category_id', sql<number>`count(*)::int`.as('count')])
          .groupBy('sample.category_id')
          .orderBy('count', 'desc')
          .limit(3)
          .execute();
        for (const row of rows) if (row.category_id !== null) categoryCounts.push([row.category_id, row.count]);
      }
      return { titles: distinct, categoryCounts };
    });
  }
}
