import type { ListingCondition, PricePeriod } from '@marketplace/contracts';
import type { DemoPhotoKind } from '../demo-photos';
import type { Random } from '../demo-photos/random';

export type SellerType = 'individual' | 'company';

/** One listing as a template makes it, before the seller's place, photos and timeline are added. */
export interface ItemDraft {
  title: string;
  /** Lines about the item itself; the generator adds the seller's own and how to get it. */
  about: string[];
  condition: ListingCondition;
  /** Whole dirhams; 0 gives it away. */
  priceAed: number;
  /** A rent's: what the price is for (its category trades as `rent`, without a condition). */
  pricePeriod?: PricePeriod;
  negotiable: boolean;
  attributes: Record<string, string | number | boolean>;
  photo: DemoPhotoKind;
  /** Small enough for the seller to deliver; a car or a flat is seen where it is. */
  deliverable: boolean;
  /** New stock a company may hold several of; a used car or a flat is one of a kind. */
  stocked: boolean;
  /** Where it is, when that is part of the item (a flat); otherwise in the seller's own area. */
  place?: { city: string; neighborhood: string };
}

/** The listings of one leaf category: a few real-world items, each made into as many listings as asked. */
export interface ListingTemplate {
  category: string;
  /** The items' names, to ask for one by name (the demo accounts' listings). */
  names: readonly string[];
  draft(index: number, random: Random, seller: SellerType): ItemDraft;
}

export function template<Item extends { name: string }>(
  category: string,
  items: readonly Item[],
  draft: (item: Item, random: Random, seller: SellerType) => ItemDraft,
): ListingTemplate {
  return {
    category,
    names: items.map((item) => item.name),
    draft: (index, random, seller) => {
      const item = items[((index % items.length) + items.length) % items.length];
      if (!item) throw new RangeError(`${category} has no items`);
      return draft(item, random, seller);
    },
  };
}

/** Prices as people write them: 45, 180, 1,250, 36,500, 1,450,000. */
export function roundPrice(aed: number): number {
  const step = aed < 100 ? 5 : aed < 1_000 ? 10 : aed < 10_000 ? 50 : aed < 100_000 ? 500 : 5_000;
  return Math.max(step, Math.round(aed / step) * step);
}

const VALUE_KEPT: Record<ListingCondition, readonly [number, number]> = {
  new: [0.92, 1],
  like_new: [0.72, 0.85],
  good: [0.55, 0.7],
  fair: [0.35, 0.5],
  for_parts: [0.12, 0.2],
};

/** What an item bought for `newAed` sells for in `condition`. */
export const usedPrice = (newAed: number, condition: ListingCondition, random: Random): number =>
  newAed === 0 ? 0 : roundPrice(newAed * random.between(...VALUE_KEPT[condition]));

/** Individuals sell what they used; a company sells new stock, now and then an ex-display piece. */
export function conditionFor(seller: SellerType, random: Random): ListingCondition {
  if (seller === 'company') return random.chance(0.8) ? 'new' : 'like_new';
  return random.pick(['like_new', 'good', 'good', 'good', 'fair'] as const);
}

export const CONDITION_LINES: Record<ListingCondition, readonly string[]> = {
  new: ['Brand new, sealed in the original box.', 'New and unused, with everything it came with.'],
  like_new: [
    'Used only a handful of times; no marks or scratches.',
    'Like new: looked after carefully, always kept clean.',
  ],
  good: [
    'In good condition with light signs of use; nothing broken.',
    'Good condition overall, a few small marks from normal use.',
  ],
  fair: [
    'Shows its age with visible wear, but everything works as it should.',
    'Well used and priced for it; works fine.',
  ],
  for_parts: ['Sold as it is, for parts or repair.'],
};

/** Numbers as the UAE writes them in English: 84,000. */
export const grouped = (value: number): string => value.toLocaleString('en-US');

/** `count` of `noun`, pluralised the simple English way. */
export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A thing sold as it is, with no fields of its own to vary: a tent, a handbag, a plant. */
export interface Product {
  name: string;
  /** What it costs new, in dirhams; 0 for something given away. */
  newAed: number;
  /** A line only this product's listing says. */
  about: string;
  /** When its category's photos show more than one kind of thing. */
  photo?: ItemDraft['photo'];
  attributes?: ItemDraft['attributes'];
}

export const product = (
  name: string,
  newAed: number,
  about: string,
  extra: Pick<Product, 'photo' | 'attributes'> = {},
): Product => ({ name, newAed, about, ...extra });

export interface ProductOptions {
  /** Values of the category's own fields that vary from listing to listing (a size). */
  attributes?: (item: Product, random: Random) => ItemDraft['attributes'];
  /** What the title adds about those values ("size M"). */
  detail?: (attributes: ItemDraft['attributes']) => string;
  /** False where "new" says nothing in a title: a plant from a nursery. */
  titleSaysNew?: boolean;
}

/** A category whose listings are products: the seller's usual condition, priced from new, deliverable. */
export function productTemplate(
  category: string,
  photo: ItemDraft['photo'],
  products: readonly Product[],
  options: ProductOptions = {},
): ListingTemplate {
  return template(category, products, (item, random, seller) => {
    const free = item.newAed === 0;
    const condition = free ? 'good' : conditionFor(seller, random);
    const attributes = { ...item.attributes, ...options.attributes?.(item, random) };
    const isNew = condition === 'new' && seller === 'company' && options.titleSaysNew !== false;
    return {
      title: [item.name, options.detail?.(attributes), isNew && 'new'].filter(Boolean).join(', '),
      about: [item.about, random.pick(CONDITION_LINES[condition])],
      condition,
      priceAed: usedPrice(item.newAed, condition, random),
      negotiable: !free && (seller === 'individual' ? random.chance(0.6) : random.chance(0.15)),
      attributes,
      photo: item.photo ?? photo,
      deliverable: !free,
      stocked: !free,
    };
  });
}
