import type { ListingCondition } from '@marketplace/contracts';
import type { DemoStory } from './listing-timelines';

/** One of a printed demo account's listings: an item of a template, in a state reached by a story. */
export interface DemoAccountListing {
  category: string;
  /** The template item's name. */
  item: string;
  story: DemoStory;
  /** For a draft: what is filled in so far. */
  draft?: 'title only' | 'no price';
  /** The condition it is in, when the template's usual one would not do (a shop's stock is new). */
  condition?: ListingCondition;
}

/**
 * What the two printed accounts have listed: a few listings in every state, so My listings and its
 * history have something to show as soon as one signs in. Omar's shop holds stock.
 */
export const DEMO_ACCOUNT_LISTINGS: Readonly<Record<string, readonly DemoAccountListing[]>> = {
  'layla@example.com': [
    { category: 'garden', item: 'Monstera deliciosa in a large pot', story: 'draft', draft: 'no price' },
    { category: 'furniture', item: 'Rattan accent chair', story: 'draft', draft: 'title only' },
    { category: 'furniture', item: 'IKEA Kivik 3-seat sofa', story: 'price-drop' },
    { category: 'mobile-phones', item: 'iPhone 13', story: 'active' },
    { category: 'womens-clothing', item: 'Zara satin midi dress', story: 'active' },
    { category: 'strollers', item: 'Bugaboo Fox 3 stroller', story: 'active' },
    { category: 'books', item: 'Free: novels, about 30', story: 'active' },
    { category: 'bicycles', item: 'Trek Marlin 7 mountain bike, size M', story: 'paused' },
    { category: 'cameras', item: 'Canon EOS 250D with 18–55 mm lens', story: 'paused' },
    { category: 'gaming', item: 'PlayStation 5 disc edition with 2 controllers', story: 'reserved' },
    { category: 'bags', item: 'Michael Kors Jet Set tote', story: 'sold' },
    { category: 'books', item: 'Harry Potter box set, 7 books', story: 'sold' },
    { category: 'furniture', item: 'Set of 4 dining chairs', story: 'expired' },
    { category: 'camping', item: 'Quechua 2 Seconds Easy tent, 3 person', story: 'expired' },
    { category: 'watches', item: 'Seiko 5 Sports automatic', story: 'removed' },
  ],
  'omar@palmtrading.example': [
    { category: 'tvs-audio', item: 'LG 65-inch OLED evo C3', story: 'draft', draft: 'no price' },
    { category: 'laptops', item: 'Asus Zenbook 14 OLED', story: 'draft', draft: 'title only' },
    { category: 'mobile-phones', item: 'Samsung Galaxy S24 Ultra', story: 'active', condition: 'new' },
    { category: 'mobile-phones', item: 'iPhone 16', story: 'price-drop', condition: 'new' },
    { category: 'laptops', item: 'Dell XPS 13, Core i7', story: 'active', condition: 'new' },
    { category: 'home-appliances', item: 'LG 9 kg front-load washing machine', story: 'active', condition: 'new' },
    { category: 'tvs-audio', item: 'Sony WH-1000XM5 noise-cancelling headphones', story: 'active', condition: 'new' },
    { category: 'home-appliances', item: 'Bosch Serie 4 fridge freezer, 366 L', story: 'renewed', condition: 'new' },
    { category: 'gaming', item: 'Nintendo Switch OLED with 3 games', story: 'paused' },
    { category: 'cameras', item: 'Canon EOS R6 Mark II body', story: 'paused' },
    { category: 'laptops', item: 'MacBook Pro 14-inch M3 Pro', story: 'reserved', condition: 'like_new' },
    { category: 'home-appliances', item: 'Samsung fridge freezer, 617 L', story: 'sold' },
    { category: 'gaming', item: 'Xbox Series X, 1 TB', story: 'sold' },
    { category: 'laptops', item: 'HP EliteBook 840 G9', story: 'expired' },
    { category: 'tvs-audio', item: 'JBL Tune 760NC headphones', story: 'expired' },
    { category: 'mobile-phones', item: 'Huawei P60 Pro', story: 'removed' },
  ],
};
