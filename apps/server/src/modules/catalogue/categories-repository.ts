import type { Category, CategoryAttribute, Locale, TradeKind } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database, StoredCategoryAttribute } from '../../db/schema';

interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  name_ar: string;
  icon: string;
  position: number;
  attributes: StoredCategoryAttribute[];
  trade_kind: TradeKind;
  own_listings: number;
}

/**
 * How long a process keeps the tree and its counts. The tree changes at a deployment's seed and at a
 * back-office edit, which drops this process's copy at once (forget()); another process's copy shows
 * the edit within this time.
 */
const CACHE_MS = 30_000;

export function localAttribute(attribute: StoredCategoryAttribute, locale: Locale): CategoryAttribute {
  const ar = locale === 'ar';
  return {
    key: attribute.key,
    label: ar ? attribute.label_ar : attribute.label,
    type: attribute.type,
    unit: (ar ? attribute.unit_ar : attribute.unit) ?? null,
    ...(attribute.number_format && { number_format: attribute.number_format }),
    required: attribute.required ?? false,
    filterable: attribute.filterable ?? false,
    options: (attribute.options ?? []).map((option) => ({
      value: option.value,
      label: ar ? option.label_ar : option.label,
    })),
    min: attribute.min ?? null,
    max: attribute.max ?? null,
    decimal: attribute.decimal ?? false,
  };
}

/**
 * The category tree, read whole (a few dozen rows) and kept for CACHE_MS, with each category's
 * active listings counted, its sub-categories' included.
 */
export class CategoriesRepository {
  private cached: { at: number; rows: CategoryRow[] } | undefined;
  private refreshing: Promise<CategoryRow[]> | undefined;
  /** Counts forget() calls: a read that began before one does not keep what it read. */
  private generation = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The tree and its counts. Once read, counts older than CACHE_MS (or invalidated) are still
   * answered while fresh ones are counted, by one query however many requests ask meanwhile: at a
   * million listings counting takes half a second (bench/README.md), which no request should wait
   * for after the first.
   */
  private rows(): Promise<CategoryRow[]> {
    const kept = this.cached;
    if (kept && Date.now() - kept.at < CACHE_MS) return Promise.resolve(kept.rows);
    if (!this.refreshing) {
      const refreshing = this.read().finally(() => {
        if (this.refreshing === refreshing) this.refreshing = undefined;
      });
      this.refreshing = refreshing;
    }
    const refresh = this.refreshing;
    if (!kept) return refresh;
    refresh.catch(() => {}); // the counts kept are answered; the next read tries again
    return Promise.resolve(kept.rows);
  }

  private async read(): Promise<CategoryRow[]> {
    const generation = this.generation;
    const rows = await this.db
      .selectFrom('categories')
      .select((eb) => [
        'categories.id',
        'categories.parent_id',
        'categories.slug',
        'categories.name',
        'categories.name_ar',
        'categories.icon',
        'categories.position',
        'categories.attributes',
        'categories.trade_kind',
        eb
          .selectFrom('listings')
          .select(sql<number>`count(*)::int`.as('count'))
          .whereRef('listings.category_id', '=', 'categories.id')
          .where('listings.status', '=', 'active')
          .where('listings.hidden_at', 'is', null)
          .as('own_listings'),
      ])
      .orderBy('categories.position')
      .orderBy('categories.id')
      .execute();
    const read = { at: Date.now(), rows: rows.map((row) => ({ ...row, own_listings: row.own_listings ?? 0 })) };
    if (generation === this.generation) this.cached = read;
    return read.rows;
  }

  /**
   * Makes the counts old: the next read starts counting again, so a moment later they include a
   * listing just published or paused.
   */
  invalidate(): void {
    if (this.cached) this.cached = { ...this.cached, at: 0 };
  }

  /**
   * Drops the tree at once (a category was edited in the back-office): the next read waits for the
   * new names, parents and labels rather than answering the old ones, and a read already under way
   * does not keep what it read. Only this process's copy: another process's lasts up to CACHE_MS.
   */
  forget(): void {
    this.generation += 1;
    this.cached = undefined;
    this.refreshing = undefined;
  }

  /** Every category in `locale`, each with its ancestors' fields before its own. */
  async list(locale: Locale): Promise<Category[]> {
    const rows = await this.rows();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const totals = new Map<number, number>();
    for (const row of rows) {
      for (let at: CategoryRow | undefined = row; at; at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
        totals.set(at.id, (totals.get(at.id) ?? 0) + row.own_listings);
      }
    }
    return rows.map((row) => ({
      id: row.id,
      parent_id: row.parent_id,
      slug: row.slug,
      name: locale === 'ar' ? row.name_ar : row.name,
      icon: row.icon,
      position: row.position,
      listing_count: totals.get(row.id) ?? 0,
      attributes: lineage(byId, row).flatMap((ancestor) => ancestor.attributes.map((a) => localAttribute(a, locale))),
      trade_kind: row.trade_kind,
    }));
  }

  async find(id: number, locale: Locale): Promise<Category | undefined> {
    return (await this.list(locale)).find((category) => category.id === id);
  }

  async findBySlug(slug: string, locale: Locale): Promise<Category | undefined> {
    return (await this.list(locale)).find((category) => category.slug === slug);
  }

  /** The ids of a category and everything under it: a category page lists them all. */
  async withDescendants(id: number): Promise<number[]> {
    const rows = await this.rows();
    const ids = [id];
    for (let index = 0; index < ids.length; index += 1) {
      for (const row of rows) if (row.parent_id === ids[index]) ids.push(row.id);
    }
    return ids;
  }

  async isLeaf(id: number): Promise<boolean> {
    return !(await this.rows()).some((row) => row.parent_id === id);
  }
}

function lineage(byId: Map<number, CategoryRow>, row: CategoryRow): CategoryRow[] {
  const path: CategoryRow[] = [];
  for (
    let at: CategoryRow | undefined = row;
    at && path.length < 10;
    at = at.parent_id === null ? undefined : byId.get(at.parent_id)
  ) {
    path.unshift(at);
  }
  return path;
}
