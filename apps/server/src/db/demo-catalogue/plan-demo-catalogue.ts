import type { ListingCondition, PricePeriod } from '@marketplace/contracts';
import { DEMO_ACCOUNTS, type DemoAccountSeed } from '../demo-accounts';
import type { DemoPhotoKind } from '../demo-photos';
import { hashText, randomFor, type Random } from '../demo-photos/random';
import { DEMO_ACCOUNT_LISTINGS, type DemoAccountListing } from './demo-account-listings';
import { DEMO_SELLERS } from './demo-sellers';
import { grouped, type ItemDraft, type ListingTemplate, type SellerType } from './listing-template';
import { timelineFor, type DemoStory, type Timeline } from './listing-timelines';
import { ELECTRONICS_TEMPLATES } from './templates/electronics';
import { FASHION_TEMPLATES } from './templates/fashion';
import { HOME_TEMPLATES } from './templates/home';
import { LEISURE_TEMPLATES } from './templates/leisure';
import { PROPERTY_TEMPLATES } from './templates/property';
import { VEHICLE_TEMPLATES } from './templates/vehicles';

export const LISTING_TEMPLATES: ReadonlyMap<string, ListingTemplate> = new Map(
  [
    ...VEHICLE_TEMPLATES,
    ...PROPERTY_TEMPLATES,
    ...ELECTRONICS_TEMPLATES,
    ...HOME_TEMPLATES,
    ...FASHION_TEMPLATES,
    ...LEISURE_TEMPLATES,
  ].map((template) => [template.category, template]),
);

/** A listing photo: one of a kind's rendered variants, whole or a closer crop of the same picture. */
export interface DemoPhoto {
  kind: DemoPhotoKind;
  variant: number;
  view: 'whole' | 'closer';
}

/** A listing ready to be written: every value the listings table holds, places by name. */
export interface PlannedListing {
  category: string;
  title: string;
  description: string | null;
  condition: ListingCondition | null;
  priceFils: number | null;
  pricePeriod: PricePeriod | null;
  negotiable: boolean;
  quantity: number;
  attributes: Record<string, string | number | boolean>;
  city: string;
  neighborhood: string | null;
  pickup: boolean;
  delivery: boolean;
  deliveryFeeFils: number | null;
  photos: DemoPhoto[];
  views: number;
  timeline: Timeline;
}

export interface PlannedSeller {
  account: DemoAccountSeed;
  listings: PlannedListing[];
}

interface Entry {
  account: DemoAccountSeed;
  category: string;
  item: ItemDraft;
  story: DemoStory;
  draft?: DemoAccountListing['draft'];
  random: Random;
}

function templateOf(category: string): ListingTemplate {
  const found = LISTING_TEMPLATES.get(category);
  if (!found) throw new Error(`No listing template for the category ${category}`);
  return found;
}

const sellerType = (account: DemoAccountSeed): SellerType => account.account_type;

/** A seller's active listings: in each category, items taken in turn from a place of its own, no title twice. */
function sellerEntries(account: DemoAccountSeed, counts: Readonly<Record<string, number>>): Entry[] {
  const titles = new Set<string>();
  return Object.entries(counts).flatMap(([category, count]) => {
    const template = templateOf(category);
    const start = hashText(`${account.email}/${category}`) % template.names.length;
    return Array.from({ length: count }, (_, n): Entry => {
      const random = randomFor(`${account.email}/${category}/${n}`, 0);
      let item = template.draft(start + n, random, sellerType(account));
      for (let attempt = 1; titles.has(item.title) && attempt < template.names.length * 2; attempt++) {
        item = template.draft(start + n + attempt, random, sellerType(account));
      }
      titles.add(item.title);
      const story: DemoStory = random.chance(0.12) ? 'price-drop' : 'active';
      return { account, category, item, story, random };
    });
  });
}

function demoAccountEntries(account: DemoAccountSeed): Entry[] {
  return (DEMO_ACCOUNT_LISTINGS[account.email] ?? []).map((listing, n) => {
    const template = templateOf(listing.category);
    const index = template.names.indexOf(listing.item);
    if (index < 0) throw new Error(`No ${listing.item} among the ${listing.category} templates`);
    // Drafted again with other dice until it comes in the condition asked for (a shop's new stock).
    let random = randomFor(`${account.email}/${n}`, 0);
    let item = template.draft(index, random, sellerType(account));
    for (let attempt = 1; listing.condition && item.condition !== listing.condition && attempt < 50; attempt++) {
      random = randomFor(`${account.email}/${n}`, attempt);
      item = template.draft(index, random, sellerType(account));
    }
    return {
      account,
      category: listing.category,
      item,
      story: listing.story,
      random,
      ...(listing.draft && { draft: listing.draft }),
    };
  });
}

/**
 * Every demo listing, the same for the same `now` (only the dates move with it): the printed
 * accounts' listings in every state, then the other sellers' active ones.
 */
export function planDemoCatalogue(now: Date): PlannedSeller[] {
  const sellers = [
    ...DEMO_ACCOUNTS.map((account) => ({ account, entries: demoAccountEntries(account) })),
    ...DEMO_SELLERS.map((seller) => ({
      account: seller.account,
      entries: sellerEntries(seller.account, seller.listings),
    })),
  ];
  const photos = new PhotoTurns(sellers.flatMap((seller) => seller.entries.map((entry) => entry.item.photo)));
  return sellers.map(({ account, entries }) => ({
    account,
    listings: entries.map((entry) => plannedListing(entry, photos, now)),
  }));
}

/**
 * Drawings of a kind, each drawn and encoded once per seed (~120 ms of CPU with both its views):
 * more where many listings show that kind, so a grid repeats itself less.
 */
export const variantsFor = (listings: number): number => (listings >= 20 ? 3 : listings >= 8 ? 2 : 1);

/**
 * Hands out each kind's shots in turn as covers (every drawing whole, then every closer crop), so
 * neighbouring listings of a kind rarely share a cover; a listing's next photo is the other view
 * of its cover's drawing, so its first two photos show the same thing.
 */
class PhotoTurns {
  private readonly variants = new Map<DemoPhotoKind, number>();
  private readonly next = new Map<DemoPhotoKind, number>();

  constructor(kinds: readonly DemoPhotoKind[]) {
    const counts = new Map<DemoPhotoKind, number>();
    for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    for (const [kind, count] of counts) this.variants.set(kind, variantsFor(count));
  }

  /** `count` photos of `kind`: a cover and the other view of it, then another drawing's two views. */
  take(kind: DemoPhotoKind, count: number): DemoPhoto[] {
    const variants = this.variants.get(kind) ?? 1;
    const turn = this.next.get(kind) ?? 0;
    this.next.set(kind, (turn + 1) % (variants * 2));
    const variant = turn % variants;
    const [first, second] = turn < variants ? (['whole', 'closer'] as const) : (['closer', 'whole'] as const);
    const other = (variant + 1) % variants;
    const all: DemoPhoto[] = [
      { kind, variant, view: first },
      { kind, variant, view: second },
      { kind, variant: other, view: 'whole' },
      { kind, variant: other, view: 'closer' },
    ];
    return all.slice(0, variants > 1 ? count : Math.min(count, 2));
  }
}

const BIG_ITEMS = new Set(['furniture', 'home-appliances']);

function plannedListing(entry: Entry, photos: PhotoTurns, now: Date): PlannedListing {
  const { account, item, random } = entry;
  const company = account.account_type === 'company';
  const { city, neighborhoods } = account.profile;
  const neighborhood =
    item.place?.neighborhood ??
    (company && random.chance(0.8) ? neighborhoods[0] : random.pick(neighborhoods)) ??
    account.profile.address.area;
  const where = item.place?.city ?? city;
  const delivery = item.deliverable && (company || random.chance(0.35));
  const fee = !delivery
    ? null
    : random.chance(0.4)
      ? 0
      : random.pick(BIG_ITEMS.has(entry.category) ? [100, 150, 200] : [15, 20, 25, 30, 50]);
  const pickup = !item.deliverable || !company || random.chance(0.8);
  const kept = entry.story !== 'reserved' && entry.story !== 'sold';
  const quantity =
    company && item.stocked && item.condition === 'new' && kept ? random.pick([2, 3, 4, 5, 6, 8, 10, 12, 15, 20]) : 1;
  const priceFils = item.priceAed * 100;
  const timeline = timelineFor(entry.story, priceFils, random, now);
  const titleOnly = entry.draft === 'title only';
  const photoCount = titleOnly ? 0 : company && quantity > 1 ? random.int(2, 4) : random.chance(0.55) ? 2 : 1;
  const description = [
    item.about.join('\n'),
    item.place ? null : howToGetIt({ item, company, neighborhood, city: where, pickup, delivery, fee }),
    signatureOf(account, random),
  ]
    .filter(Boolean)
    .join('\n\n');
  const liveDays =
    timeline.publishedAt === null
      ? 0
      : ((timeline.endedAt ?? now).getTime() - timeline.publishedAt.getTime()) / (24 * 3600 * 1000);
  return {
    category: entry.category,
    title: item.title,
    description: titleOnly ? null : description,
    condition: titleOnly || item.pricePeriod ? null : item.condition,
    priceFils: entry.draft ? null : priceFils,
    pricePeriod: item.pricePeriod ?? null,
    negotiable: entry.draft ? false : item.negotiable && priceFils > 0,
    quantity,
    attributes: titleOnly ? {} : item.attributes,
    city: where,
    neighborhood: titleOnly ? null : neighborhood,
    pickup: pickup || !delivery,
    delivery: titleOnly ? false : delivery,
    deliveryFeeFils: titleOnly || fee === null ? null : fee * 100,
    photos: photos.take(item.photo, photoCount),
    views: Math.round(liveDays * (item.deliverable ? 6 : 22) * random.between(0.5, 1.5)),
    timeline,
  };
}

interface Handover {
  item: ItemDraft;
  company: boolean;
  neighborhood: string;
  city: string;
  pickup: boolean;
  delivery: boolean;
  /** In dirhams; null without delivery. */
  fee: number | null;
}

/** The description's line on seeing or getting the item, as its delivery options say. */
function howToGetIt({ item, company, neighborhood, city, pickup, delivery, fee }: Handover): string {
  if (!item.deliverable) {
    return company
      ? `See it at our showroom in ${neighborhood}, ${city}.`
      : `It can be seen in ${neighborhood}, ${city}, most evenings.`;
  }
  const price = fee ? ` for AED ${grouped(fee)}` : '';
  if (delivery && pickup) {
    return fee
      ? `Pickup in ${neighborhood}, or delivery in ${city}${price}.`
      : `Free delivery in ${city}, or pick it up in ${neighborhood}.`;
  }
  if (delivery) return `Delivered to your door in ${city}${price || ', free of charge'}.`;
  return `Pickup from ${neighborhood}, ${city}.`;
}

/** A company signs with its opening hours; a person sometimes adds a line of their own. */
function signatureOf(account: DemoAccountSeed, random: Random): string {
  if (account.account_type === 'company') {
    const name = account.company_name ?? account.first_name;
    return `${name}, ${account.profile.address.area}: open Saturday to Thursday, 9 am to 9 pm.`;
  }
  return random.pick(['Message me here with any questions.', 'More photos on request.', '']);
}
