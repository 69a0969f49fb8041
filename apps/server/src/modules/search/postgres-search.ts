import type { Locale } from '@marketplace/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { placeName } from '../places/places-repository';
import { cardColumns, type CardRow } from '../catalogue/listing-cards';
import { RecentAnswers } from './recent-answers';
import type {
  ResolvedSearch,
  SearchCursor,
  SearchEngine,
  SearchFacetCounts,
  SearchResults,
  SearchRow,
} from './search-engine';

/** Titles looked at for suggestions before the best are chosen, so a common prefix stays cheap. */
const SUGGESTION_CANDIDATES = 200;
const SUGGESTED_TITLES = 5;
/** Matches sampled to name the categories a few typed words are mostly in. */
const CATEGORY_SAMPLE = 500;
/**
 * How close a known word must be to a misspelt one to replace it (pg_trgm similarity, 0–1):
 * "iphnoe" → "iphone" is 0.27, "samsnug" → "samsung" 0.33, "toyta" → "toyota" 0.44.
 */
const CORRECTION_SIMILARITY = 0.25;
/** How long facet counts and suggestions are answered from memory (RecentAnswers). */
const FACETS_KEPT_MS = 10_000;
const SUGGESTIONS_KEPT_MS = 30_000;

type SuggestionCounts = Awaited<ReturnType<SearchEngine['suggestions']>>;

/** Listings read in a sort's index order before the search's own indexes are used instead (sorted()). */
const PROBED_ROWS = 3000;
/** Listings sorted() reads on in the sort's order when the probe's matches say a page is this near. */
const ORDERED_READ_UP_TO = 60_000;
/**
 * The facets are counted exactly when fewer than this share of the newest listings match, and
 * on a sample of the table when more do (and the table is large): one in a hundred of a million
 * listings is ten thousand to read one by one.
 */
const EXACT_FACETS_BELOW = 0.01;
/** About how many rows of the table a sampled count reads. */
const FACET_SAMPLE_ROWS = 4_000;

/** The words a person typed, as a query of stems in both languages (OR), so either language finds them. */
const textQuery = (text: string) =>
  sql`(websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text}))`;

/**
 * The same words found in a title: each stem restricted to weight A, the title's in the search
 * document (migration 0006). A pattern of tsquery's own text, whose stems are quoted with '' inside.
 */
const titleQuery = (text: string) =>
  sql`regexp_replace((${textQuery(text)})::text, ${"'(?:[^']|'')*'"}, ${'\\&:A'}, 'g')::tsquery`;

/** Known words a typed word may be the start of, shortest first (the vocabulary's own index). */
const COMPLETIONS = 12;

/**
 * What has been typed so far as a full-text query: the words before the last whole, the last one
 * any known title word it starts ("iphone 1" finds "iPhone 13"), from the vocabulary, since a
 * prefix in the full-text index collects every listing of every word it matches before it can
 * narrow. Words of one or two letters are left out ("toyota p" looks for "toyota"); the
 * candidates are then ordered by how close they come to the whole text. Null when no word is
 * left; 'unknown' when the last word starts no title word.
 */
async function typedQuery(db: Kysely<Database>, text: string): Promise<RawBuilder<unknown> | null | 'unknown'> {
  const words = typedWords(text);
  const last = words.at(-1);
  const kept = words.filter((word) => Array.from(word).length >= 3).slice(-8);
  if (kept.length === 0 || last === undefined) return null;
  const whole = kept.at(-1) === last ? kept.slice(0, -1) : kept;
  let ending: string[] = [];
  if (kept.at(-1) === last && /^\p{N}+$/u.test(last)) {
    // Numbers are not in the vocabulary: "iphone 128" looks for a number that starts with 128.
    ending = [`${last}:*`];
  } else if (kept.at(-1) === last) {
    const rows = await db
      .selectFrom('search_words')
      .select('word')
      .where(sql<SqlBool>`word ^@ ${last}`)
      .orderBy(sql`char_length(word)`)
      .orderBy('word')
      .limit(COMPLETIONS)
      .execute();
    ending = rows.map((row) => row.word).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
    if (ending.length === 0) return 'unknown';
  }
  const query = [...whole, ...(ending.length > 0 ? [`(${ending.join(' | ')})`] : [])].join(' & ');
  return sql`(to_tsquery('english', ${query}) || to_tsquery('arabic', ${query}))`;
}

const typedWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The filters a facet leaves out of its own counts. */
type Except = 'condition' | 'city' | 'seller_type' | `attribute:${string}`;

/**
 * Where results are read from: the whole table, or a subquery of it (the next listings in a
 * sort's order, or a sample of listings for counts that would otherwise read every match).
 */
type Source = { window: RawBuilder<unknown> } | undefined;

/**
 * A fixed, spread-out sample of the listings: `size` ids picked over the range of ids by a
 * multiplicative hash (Knuth's 2654435761, a prime, so no id is picked twice), read through the
 * primary key. Rows, not pages: a table's pages hold listings inserted together (one seller's
 * import, one category's batch), and sampling pages (TABLESAMPLE SYSTEM) missed the true count
 * of "galaxy" by 30% at a million listings where this does not. An id that no longer exists
 * counts as a listing that does not match. The same ids every time, so counts do not flicker.
 */
function sampledListings(lowestId: number, ids: number, size: number): RawBuilder<unknown> {
  return sql`select listings.* from generate_series(0, ${size - 1}) as picked(n)
    join listings on listings.id = ${lowestId} + (picked.n::bigint * 2654435761) % ${ids}`;
}

/** The earth's mean radius (IUGG), in metres: distances are along a sphere of it, within 0.5% of the ellipsoid's. */
const EARTH_RADIUS_M = 6_371_008.8;

/** The search's place on the unit sphere, as listings' place_point are (migration 0009). */
const origin = ({ near }: ResolvedSearch) => {
  if (!near) throw new Error('A search by distance needs its place.');
  return sql`sphere_point(${near.latitude}::float8, ${near.longitude}::float8)`;
};

/**
 * The straight-line distance through the sphere (the chord), which the GiST index orders by
 * (`<->`, KNN): it grows with the distance along the surface, so the order is the great-circle one.
 */
const chord = (search: ResolvedSearch) => sql<number>`(listings.place_point <-> ${origin(search)})`;

/** The sort key of a result, and how pages follow each other in that order (relevance: see page()). */
function sortKey(search: ResolvedSearch): {
  key: RawBuilder<number | string | Date>;
  direction: 'asc' | 'desc';
  type: string;
} {
  switch (search.sort) {
    case 'price_asc':
      return { key: sql<number>`listings.price_fils`, direction: 'asc', type: 'bigint' };
    case 'price_desc':
      return { key: sql<number>`listings.price_fils`, direction: 'desc', type: 'bigint' };
    case 'relevance':
    case 'newest':
      return { key: sql<string>`listings.published_at`, direction: 'desc', type: 'timestamptz' };
    case 'nearest':
      return { key: chord(search), direction: 'asc', type: 'float8' };
  }
}

type SortedRow = SearchRow & { sort_key: string | null };

/** A field filter of choices: the listing's value is one of them. */
const choice = (key: string, values: readonly string[]) =>
  sql<SqlBool>`listings.attributes ->> ${key} in (${sql.join(values.map((value) => sql.val(value)))})`;

/** A cursor before every description match (the largest time and id the cursor accepts). */
const TIER_ONE_START: SearchCursor = { key: '1 9999-12-31 23:59:59+00', id: 2_147_483_647 };

/** A relevance key: 0 when all the words are in the title, 1 when some are only in the description, and the time. */
const RELEVANCE_KEY = /^([01]) (.+)$/;

/** Plan settings that keep PostgreSQL to one way of reading the listings for one query. */
const READ_THROUGH = {
  /** The indexes of the words and filters (bitmap scans), then a sort: when few rows match. */
  searchIndexes: ['enable_indexscan', 'enable_seqscan'],
  /** The sort's own index, in order, filtering as it goes: when matches are frequent enough. */
  sortOrder: ['enable_bitmapscan', 'enable_seqscan', 'enable_sort'],
} as const;

/**
 * Runs `work` with PostgreSQL kept to one way of reading: for a question whose answer is few rows
 * or none, an ordered or sequential scan would read the whole table to learn it, and the planner's
 * estimate of how many rows a word matches is often far off (one it has not seen is guessed at a
 * thousand rows); the search knows better from what it has just read.
 */
async function readingThrough<T>(
  db: Kysely<Database>,
  way: keyof typeof READ_THROUGH,
  work: () => Promise<T>,
): Promise<T> {
  const set = (value: 'on' | 'off') =>
    sql`select ${sql.join(READ_THROUGH[way].map((name) => sql`set_config(${name}, ${value}, true)`))}`.execute(db);
  await set('off');
  try {
    return await work();
  } finally {
    await set('on');
  }
}

/** Whether any active listing has the words, whatever the filters: through the words' index alone. */
async function wordsFoundAnywhere(db: Kysely<Database>, text: string): Promise<boolean> {
  const found = await readingThrough(db, 'searchIndexes', () =>
    db
      .selectFrom('listings')
      .select(sql`1`.as('one'))
      .where('listings.status', '=', 'active')
      .where(sql<SqlBool>`listings.search_document @@ ${textQuery(text)}`)
      .limit(1)
      .execute(),
  );
  return found.length > 0;
}

/** Search on the catalogue's own PostgreSQL tables: full text and a vocabulary of title words (migrations 0006, 0008). */
export class PostgresSearch implements SearchEngine {
  /** Counts a few seconds old are still true enough to choose a filter by; the results never are. */
  private readonly recentFacets = new RecentAnswers<SearchFacetCounts>(FACETS_KEPT_MS, 1000);
  private readonly recentSuggestions = new RecentAnswers<SuggestionCounts>(SUGGESTIONS_KEPT_MS, 5000);

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A search's plan depends on its words (a tenth of the table or ten rows): planned for each
   * request, never from a prepared statement's generic plan (db/prepared-statements.ts).
   */
  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`.execute(trx);
      return work(trx);
    });
  }

  /** Active listings that match `search`, leaving out the filters named in `except` (for their own counts). */
  private matching(db: Kysely<Database>, search: ResolvedSearch, except: readonly Except[] = [], source?: Source) {
    let query = source
      ? db.selectFrom(sql<Database['listings']>`(${source.window})`.as('listings'))
      : db.selectFrom('listings');
    query = query.where('listings.status', '=', 'active');
    // A listing of a city without a centre has no distance: no place in a nearest-first list.
    if (search.sort === 'nearest') query = query.where(sql<SqlBool>`listings.place_point is not null`);
    if (search.text) query = query.where(sql<SqlBool>`listings.search_document @@ ${textQuery(search.text)}`);
    if (search.categoryIds) query = query.where('listings.category_id', 'in', search.categoryIds);
    if (search.minPriceFils !== undefined) query = query.where('listings.price_fils', '>=', search.minPriceFils);
    if (search.maxPriceFils !== undefined) query = query.where('listings.price_fils', '<=', search.maxPriceFils);
    const conditions = search.conditions;
    if (conditions && !except.includes('condition')) query = query.where('listings.condition', 'in', conditions);
    if (!except.includes('city')) {
      if (search.cityId !== undefined) query = query.where('listings.city_id', '=', search.cityId);
      if (search.neighborhoodIds) query = query.where('listings.neighborhood_id', 'in', search.neighborhoodIds);
    }
    const sellerType = search.sellerType;
    if (sellerType && !except.includes('seller_type')) {
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
      if (!except.includes(`attribute:${key}`)) query = query.where(choice(key, values));
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

  /**
   * The search with its misspelt words replaced by the nearest words of titles, when the words as
   * typed find nothing at all, whatever the filters; undefined when they find something, or
   * nothing near them is known.
   */
  private async corrected(
    db: Kysely<Database>,
    search: ResolvedSearch,
    knownAbsent = false,
  ): Promise<ResolvedSearch | undefined> {
    if (!search.text) return undefined;
    const text = search.text;
    if (!knownAbsent && (await wordsFoundAnywhere(db, text))) return undefined;
    const corrected = await correctWords(db, text);
    return corrected === undefined ? undefined : { ...search, text: corrected };
  }

  async results(
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
  ): Promise<SearchResults> {
    return this.inTransaction(async (trx) => {
      const { wordsFound, ...page } = await this.page(trx, search, cursor, limit, locale);
      if (page.rows.length > 0 || wordsFound) return page;
      const corrected = await this.corrected(trx, search, wordsFound === false);
      if (!corrected) return page;
      const again = await this.page(trx, corrected, cursor, limit, locale);
      return { rows: again.rows, next: again.next, correctedText: corrected.text ?? '' };
    });
  }

  private async page(
    db: Kysely<Database>,
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
  ): Promise<SearchResults & { wordsFound?: boolean }> {
    if (search.sort !== 'relevance') return this.sorted(db, search, cursor, limit, locale);
    // A relevance cursor's key is its tier, a space and a time (search-cursor.ts).
    const tier = cursor ? RELEVANCE_KEY.exec(cursor.key) : null;
    const within = (wanted: string) =>
      cursor && tier?.[1] === wanted ? { key: tier[2] ?? '', id: cursor.id } : undefined;
    const newest = { ...search, sort: 'newest' as const };
    if (!search.text) return this.sorted(db, newest, within('0'), limit, locale, '0 ');
    // Relevance: the listings with every word in the title first, then those with some only in
    // the description, each newest first. Both are read in the order of an index, so the first
    // page of a word in a tenth of the catalogue reads a few hundred rows, not all of them
    // (decision 018 says what this gives up against scoring every match).
    const inTitle = sql<SqlBool>`listings.search_document @@ ${titleQuery(search.text)}`;
    const rows: CardRow[] = [];
    if (!tier || tier[1] === '0') {
      const first = await this.sorted(db, newest, within('0'), limit, locale, '0 ', inTitle);
      if (first.next) return first;
      // Not in any title: if in no description either (a typo), say so rather than look there.
      if (!tier && first.rows.length === 0 && !(await wordsFoundAnywhere(db, search.text))) {
        return { rows: [], next: undefined, wordsFound: false };
      }
      if (first.rows.length === limit) {
        // The page ends with the last title match: the next starts the description matches, if any.
        const more = await this.sorted(db, newest, undefined, 1, locale, '1 ', sql`not ${inTitle}`);
        return more.rows.length > 0 ? { ...first, next: TIER_ONE_START } : first;
      }
      rows.push(...first.rows);
    }
    const second = await this.sorted(db, newest, within('1'), limit - rows.length, locale, '1 ', sql`not ${inTitle}`);
    return { rows: [...rows, ...second.rows], next: second.next };
  }

  /** A page in the order of one sort key (and the id), from the cursor's place. */
  private async sorted(
    db: Kysely<Database>,
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
    keyPrefix = '',
    also?: RawBuilder<SqlBool>,
  ): Promise<SearchResults> {
    const { key, direction, type } = sortKey(search);
    const comparison = direction === 'asc' ? sql`>` : sql`<`;
    const after = cursor
      ? sql<SqlBool>`(${key}, listings.id) ${comparison} (cast(${cursor.key} as ${sql.raw(type)}), ${cursor.id})`
      : sql<SqlBool>`true`;
    const order = sql.raw(direction);
    // Nearest: the GiST index on (place, id) reads listings by distance, then id, when the id is
    // ordered as a distance too (btree_gist's `<->`, from 0): a city's centre holds hundreds of
    // listings at one distance, and a KNN read cannot be sorted further by PostgreSQL on its way.
    const nearest = search.sort === 'nearest';
    const idKey = nearest ? sql`(listings.id <-> 0)` : undefined;
    // First the next PROBED_ROWS active listings in the sort's own index order, filtered: when
    // the search matches more than one in a hundred or so, the page is among them, found in a
    // few milliseconds. Otherwise what the probe found says how to go on, which PostgreSQL's
    // estimates cannot (readingThrough()): reading on in the sort's order when the page is
    // likely within ORDERED_READ_UP_TO listings, or else through the indexes of the words and
    // filters, then sorting the matches, which are few by then.
    // Within a leaf category, the window is that category's listings in order: its own indexes
    // (category, time) and (category, price) read them so, where the cheapest of all listings
    // would hold no car at all.
    const [only, ...more] = search.categoryIds ?? [];
    const inCategory = only !== undefined && more.length === 0 ? sql`listings.category_id = ${only}` : sql`true`;
    const placed = nearest ? sql`listings.place_point is not null` : sql`true`;
    // The distance and the id's key are columns of the window, so the page's order is seen to be
    // the window's and the read stops at the page (by the expressions, all of it would be sorted).
    const window = nearest
      ? sql`select *, ${key} as probe_key, ${idKey} as probe_id from listings
        where listings.status = 'active' and ${inCategory} and ${placed} and ${after}
        order by probe_key, probe_id limit ${PROBED_ROWS}`
      : sql`select * from listings where listings.status = 'active' and ${inCategory} and ${after}
        order by ${key} ${order}, listings.id ${order} limit ${PROBED_ROWS}`;
    const probe = nearest
      ? await this.pageOf(db, search, { window }, after, sql`listings.probe_key`, direction, limit, locale, also, {
          idKey: sql`listings.probe_id`,
        })
      : await this.pageOf(db, search, { window }, after, key, direction, limit, locale, also);
    let rows = probe.rows;
    if (rows.length <= limit) {
      // As many matches further on as the window held: how far reading on in order would go.
      const further = rows.length === 0 ? Infinity : ((limit + 1 - rows.length) * PROBED_ROWS) / rows.length;
      const way = further <= ORDERED_READ_UP_TO ? 'sortOrder' : 'searchIndexes';
      const all = await readingThrough(db, way, () =>
        this.pageOf(db, search, undefined, after, key, direction, limit, locale, also, idKey && { idKey }),
      );
      rows = all.rows;
    }
    // The key goes to the cursor as PostgreSQL's own text of it: exact for a bigint and a time to
    // the microsecond, as a JavaScript number or Date would not be.
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page,
      next: rows.length > limit && last?.sort_key ? { key: `${keyPrefix}${last.sort_key}`, id: last.id } : undefined,
    };
  }

  /** One query of sorted(): up to limit + 1 matches in order, from a probe's window or the table. */
  private async pageOf(
    db: Kysely<Database>,
    search: ResolvedSearch,
    source: Source,
    after: RawBuilder<SqlBool>,
    key: RawBuilder<unknown>,
    direction: 'asc' | 'desc',
    limit: number,
    locale: Locale,
    also: RawBuilder<SqlBool> | undefined,
    { idKey }: { idKey?: RawBuilder<unknown> } = {},
  ) {
    let query = this.matching(db, search, [], source).select((eb) => [
      ...cardColumns(eb, locale),
      sql<string>`(${key})::text`.as('sort_key'),
      ...(search.near
        ? [
            sql<number | null>`round(${2 * EARTH_RADIUS_M} * asin(least(1, ${chord(search)} / 2)))::int`.as(
              'distance_m',
            ),
            sql<boolean | null>`listings.latitude is null`.as('distance_approximate'),
          ]
        : []),
    ]);
    if (also) query = query.where(also);
    if (!source) query = query.where(after);
    query = query.orderBy(key, direction).orderBy(idKey ?? sql`listings.id`, direction);
    const rows = (await query.limit(limit + 1).execute()) as SortedRow[];
    return { rows };
  }

  facets(search: ResolvedSearch, enumKeys: readonly string[], locale: Locale): Promise<SearchFacetCounts> {
    // "Posted within" is a time computed per request: to the minute, it asks the same question.
    const since = search.publishedSince && Math.floor(search.publishedSince.getTime() / 60_000);
    // The place only orders the results: the counts are the same from anywhere.
    const question = JSON.stringify([{ ...search, publishedSince: since, near: undefined }, enumKeys, locale]);
    return this.recentFacets.get(question, () => this.countFacets(search, enumKeys, locale));
  }

  private countFacets(search: ResolvedSearch, enumKeys: readonly string[], locale: Locale) {
    return this.inTransaction(async (trx) => {
      const counts = await this.counts(trx, search, enumKeys, locale);
      if (counts.total > 0) return counts;
      const corrected = await this.corrected(trx, search);
      return corrected ? this.counts(trx, corrected, enumKeys, locale) : counts;
    });
  }

  /**
   * Every facet in one pass over the listings that match all but the filters a facet leaves out:
   * each facet counts the rows of that pass that meet the other filters. Exact when such
   * listings are rare (EXACT_FACETS_BELOW); else counted on a repeatable sample of the table's
   * pages and scaled, so a search that matches half the catalogue costs what one that matches
   * a few thousand does, and says its counts are approximate.
   */
  private async counts(
    db: Kysely<Database>,
    search: ResolvedSearch,
    enumKeys: readonly string[],
    locale: Locale,
  ): Promise<SearchFacetCounts> {
    const excepted: Except[] = [
      'condition',
      'city',
      'seller_type',
      ...enumKeys.map((key) => `attribute:${key}` as const),
    ];
    // How common the matches are among the newest listings says whether counting them all is cheap.
    const newest = sql`select * from listings where status = 'active' order by published_at desc, id desc limit ${PROBED_ROWS}`;
    const { count } = await db
      .selectFrom(
        this.matching(db, search, excepted, { window: newest })
          .select(sql`1`.as('one'))
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    let source: Source;
    let scale = 1;
    if (count / PROBED_ROWS > EXACT_FACETS_BELOW) {
      const range = await db
        .selectFrom('listings')
        .select((eb) => [eb.fn.min('listings.id').as('lowest'), eb.fn.max('listings.id').as('highest')])
        .executeTakeFirst();
      const ids = range?.lowest != null && range.highest != null ? range.highest - range.lowest + 1 : 0;
      if (ids > FACET_SAMPLE_ROWS * 4 && range?.lowest != null) {
        source = { window: sampledListings(range.lowest, ids, FACET_SAMPLE_ROWS) };
        scale = ids / FACET_SAMPLE_ROWS;
      }
    }
    const columns = facetColumns(enumKeys);
    const met = (filter: Except) => filterMet(search, filter, enumKeys);
    const allBut = (left?: Except) =>
      sql.join([sql`true`, ...excepted.filter((filter) => filter !== left).map(met)], sql` and `);
    const superset = this.matching(db, search, excepted, source)
      .innerJoin('users', 'users.id', 'listings.seller_id')
      .select([
        'listings.category_id',
        'listings.condition',
        'listings.city_id',
        'listings.neighborhood_id',
        'users.account_type as seller_type',
        ...enumKeys.map((key, index) => sql<string | null>`listings.attributes ->> ${key}`.as(`a${index}`)),
      ]);
    const grouped = columns.map((column) => sql.ref(`m.${column}`));
    // grouping() sets a bit for each column a row is NOT grouped by, the first column's the highest.
    const query = sql<Record<string, string | number | null> & { g: number }>`with m as (${superset})
      select grouping(${sql.join(grouped)}) as g, ${sql.join(grouped)},
        count(*) filter (where ${allBut()})::int as total,
        ${sql.join(
          excepted.map(
            (filter, index) => sql`count(*) filter (where ${allBut(filter)})::int as ${sql.ref(`c${index}`)}`,
          ),
        )},
        count(*) filter (where ${allBut('city')} and m.city_id = ${search.cityId ?? null})::int as neighborhoods
      from m group by grouping sets (${sql.join(grouped.map((column) => sql`(${column})`))}, ())`;
    // Exact: few match, found through the indexes of the words and filters.
    const { rows } = source
      ? await query.execute(db)
      : await readingThrough(db, 'searchIndexes', () => query.execute(db));
    const full = (1 << columns.length) - 1;
    const groupOf = (column: number) => full ^ (1 << (columns.length - 1 - column));
    const estimate = (value: number) => (source ? roughly(value * scale) : value);
    const valuesOf = (column: number, countColumn: string) =>
      rows
        .filter((row) => row.g === groupOf(column) && row[columns[column] ?? ''] !== null)
        .map((row) => ({ value: String(row[columns[column] ?? '']), count: estimate(Number(row[countColumn])) }))
        .filter((entry) => entry.count > 0)
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    const total = estimate(Number(rows.find((row) => row.g === full)?.total ?? 0));
    const categoryCounts = new Map(
      rows
        .filter((row) => row.g === groupOf(0) && row.category_id !== null)
        .map((row) => [Number(row.category_id), estimate(Number(row.total))] as const),
    );
    const cityCounts = valuesOf(2, 'c1');
    // The chosen city's neighborhoods, each counted with the others' choice left out.
    const neighborhoodCounts = search.cityId === undefined ? [] : valuesOf(columns.length - 1, 'neighborhoods');
    const neighborhoodNames = neighborhoodCounts.length
      ? await db
          .selectFrom('neighborhoods')
          .select(['neighborhoods.id', placeName('neighborhoods', locale).as('name')])
          .where(
            'neighborhoods.id',
            'in',
            neighborhoodCounts.map((entry) => Number(entry.value)),
          )
          .execute()
      : [];
    const cityNames = cityCounts.length
      ? await db
          .selectFrom('cities')
          .select(['cities.id', placeName('cities', locale).as('name')])
          .where(
            'cities.id',
            'in',
            cityCounts.map((city) => Number(city.value)),
          )
          .execute()
      : [];
    return {
      total,
      approximate: source !== undefined,
      categoryCounts,
      conditions: valuesOf(1, 'c0'),
      cities: cityCounts.flatMap((city) => {
        const name = cityNames.find((each) => each.id === Number(city.value))?.name;
        return name ? [{ id: Number(city.value), name, count: city.count }] : [];
      }),
      neighborhoods: neighborhoodCounts.flatMap((entry) => {
        const name = neighborhoodNames.find((each) => each.id === Number(entry.value))?.name;
        return name ? [{ id: Number(entry.value), name, count: entry.count }] : [];
      }),
      seller_types: valuesOf(3, 'c2').flatMap((entry) =>
        entry.value === 'individual' || entry.value === 'company' ? [{ value: entry.value, count: entry.count }] : [],
      ),
      attributes: enumKeys.map((key, index) => ({ key, values: valuesOf(4 + index, `c${3 + index}`) })),
    };
  }

  suggestions(prefix: string): Promise<SuggestionCounts> {
    const text = prefix.toLowerCase();
    return this.recentSuggestions.get(text, () => this.suggest(text));
  }

  private suggest(text: string): Promise<SuggestionCounts> {
    return this.inTransaction(async (trx) => {
      let words = await typedQuery(trx, text);
      let titles = words === 'unknown' ? [] : await this.suggestedTitles(trx, text, words);
      if (titles.length === 0 && Array.from(text).length >= 3) {
        const corrected = await correctWords(trx, text, { lastIsPrefix: true });
        if (corrected) {
          words = await typedQuery(trx, corrected);
          titles = words === 'unknown' ? [] : await this.suggestedTitles(trx, corrected, words);
        }
      }
      const categoryCounts: [number, number][] = [];
      // No title found, no category either: the same words would be looked for again.
      if (words && words !== 'unknown' && titles.length > 0) {
        const typed = words;
        const sampled = (from: RawBuilder<unknown>) =>
          trx
            .selectFrom(
              trx
                .selectFrom(sql<Database['listings']>`(${from})`.as('listings'))
                .select('listings.category_id')
                .where('listings.status', '=', 'active')
                .where(sql<SqlBool>`listings.search_document @@ ${typed}`)
                .limit(CATEGORY_SAMPLE)
                .as('sample'),
            )
            .select(['sample.category_id', sql<number>`count(*)::int`.as('count')])
            .groupBy('sample.category_id')
            .orderBy('count', 'desc')
            .limit(3)
            .execute();
        // Among the newest listings, or through the words' index when few of those match.
        let rows = await sampled(
          sql`select * from listings where status = 'active' order by published_at desc, id desc limit ${PROBED_ROWS}`,
        );
        if (rows.reduce((sum, row) => sum + row.count, 0) < SUGGESTED_TITLES) {
          rows = await readingThrough(trx, 'searchIndexes', () => sampled(sql`select * from listings`));
        }
        for (const row of rows) if (row.category_id !== null) categoryCounts.push([row.category_id, row.count]);
      }
      return { titles, categoryCounts };
    });
  }

  /**
   * Titles for what has been typed, a few hundred candidates ordered by how close they come to
   * it: for one or two letters, titles that start with them; for more, titles with the typed
   * words (typedQuery()). The candidates are the newest such listings when enough of the
   * newest match, or else any found through the indexes (the title prefix's, the full text's).
   */
  private async suggestedTitles(
    db: Kysely<Database>,
    text: string,
    words: RawBuilder<unknown> | null,
  ): Promise<string[]> {
    const matches =
      Array.from(text).length < 3 || !words
        ? // ^@ (starts with) is answered by the title prefix index alone, never by a trigram index.
          sql<SqlBool>`lower(listings.title) ^@ ${text}`
        : sql<SqlBool>`listings.search_document @@ ${words}`;
    const best = (from: RawBuilder<unknown>) => {
      const candidates = db
        .selectFrom(sql<Database['listings']>`(${from})`.as('listings'))
        .select(['listings.title', 'listings.published_at'])
        .where('listings.status', '=', 'active')
        .where(matches)
        .limit(SUGGESTION_CANDIDATES)
        .as('candidates');
      return db
        .selectFrom(candidates)
        .select(['candidates.title'])
        .orderBy(sql`word_similarity(${text}, lower(candidates.title))`, 'desc')
        .orderBy('candidates.published_at', 'desc')
        .limit(SUGGESTED_TITLES * 3)
        .execute();
    };
    // The newest listings first, as sorted() does; the indexes of the words when few of those match.
    let titles = await best(
      sql`select * from listings where status = 'active' order by published_at desc, id desc limit ${PROBED_ROWS}`,
    );
    if (titles.length < SUGGESTED_TITLES * 3)
      titles = await readingThrough(db, 'searchIndexes', () => best(sql`select * from listings`));
    const seen = new Set<string>();
    return titles
      .map((row) => row.title ?? '')
      .filter((title) => title !== '' && !seen.has(title.toLowerCase()) && seen.add(title.toLowerCase()))
      .slice(0, SUGGESTED_TITLES);
  }
}

/** The columns the facets group by, in the order of grouping()'s bits. */
function facetColumns(enumKeys: readonly string[]): string[] {
  return [
    'category_id',
    'condition',
    'city_id',
    'seller_type',
    ...enumKeys.map((_, index) => `a${index}`),
    'neighborhood_id',
  ];
}

/** Whether a row of the facets' pass meets one of the filters the pass left out. */
function filterMet(search: ResolvedSearch, filter: Except, enumKeys: readonly string[]): RawBuilder<SqlBool> {
  const list = (values: readonly (string | number)[]) => sql.join(values.map((value) => sql.val(value)));
  switch (filter) {
    case 'condition':
      return search.conditions ? sql`m.condition in (${list(search.conditions)})` : sql`true`;
    case 'city': {
      const parts = [
        ...(search.cityId !== undefined ? [sql`m.city_id = ${search.cityId}`] : []),
        ...(search.neighborhoodIds ? [sql`m.neighborhood_id in (${list(search.neighborhoodIds)})`] : []),
      ];
      return parts.length > 0 ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
    }
    case 'seller_type':
      return search.sellerType ? sql`m.seller_type = ${search.sellerType}` : sql`true`;
    default: {
      const key = filter.slice('attribute:'.length);
      const values = search.choices?.[key];
      return values ? sql`${sql.ref(`m.a${enumKeys.indexOf(key)}`)} in (${list(values)})` : sql`true`;
    }
  }
}

/** A count scaled up from a sample, to two significant figures: it is only known that well. */
function roughly(value: number): number {
  if (value < 1) return value > 0 ? 1 : 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/**
 * The misspelt words of `text` (in no title) replaced by the nearest that are; undefined when none
 * is near. With `lastIsPrefix` (suggestions, while typing), a last word that starts a known word
 * is not misspelt.
 */
async function correctWords(
  db: Kysely<Database>,
  text: string,
  { lastIsPrefix = false } = {},
): Promise<string | undefined> {
  const typed = typedWords(text);
  const last = lastIsPrefix ? typed.at(-1) : undefined;
  const words = [...new Set(typed.filter((word) => Array.from(word).length >= 3 && !/^\p{N}+$/u.test(word)))];
  if (words.length === 0) return undefined;
  const { rows } = await sql<{ typed: string; nearest: string | null }>`select typed.word as typed,
      case when exists (select 1 from search_words where search_words.word = typed.word
          or (typed.word = ${last ?? null} and search_words.word ^@ typed.word)) then typed.word else (
        select search_words.word from search_words
        where similarity(search_words.word, typed.word) >= ${CORRECTION_SIMILARITY}
        order by search_words.word <-> typed.word, search_words.word limit 1) end as nearest
    from unnest(${words}::text[]) as typed(word)`.execute(db);
  const replacements = new Map(rows.map((row) => [row.typed, row.nearest]));
  if (![...replacements].some(([word, nearest]) => nearest !== null && nearest !== word)) return undefined;
  return typed.map((word) => replacements.get(word) ?? word).join(' ');
}
