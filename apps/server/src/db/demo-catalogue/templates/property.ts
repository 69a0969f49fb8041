import type { Random } from '../../demo-photos/random';
import { grouped, roundPrice, template, type ItemDraft, type ListingTemplate } from '../listing-template';

type Setting = 'towers' | 'villas' | 'both';

interface Area {
  city: string;
  neighborhood: string;
  /** Rents here against the UAE's middle: Palm Jumeirah 2, International City 0.5. */
  factor: number;
  setting: Setting;
  view?: string;
}

const area = (city: string, neighborhood: string, factor: number, setting: Setting, view?: string): Area => ({
  city,
  neighborhood,
  factor,
  setting,
  ...(view && { view }),
});

/** Where the listed homes are; an agency lists across the emirates, most of all where it has its office. */
const AREAS: readonly Area[] = [
  area('Ras Al Khaimah', 'Al Hamra Village', 0.75, 'both', 'golf course view'),
  area('Ras Al Khaimah', 'Mina Al Arab', 0.8, 'both', 'lagoon view'),
  area('Ras Al Khaimah', 'Al Marjan Island', 0.9, 'towers', 'sea view'),
  area('Ras Al Khaimah', 'Al Nakheel', 0.45, 'towers'),
  area('Dubai', 'Dubai Marina', 1.3, 'towers', 'marina view'),
  area('Dubai', 'Jumeirah Village Circle (JVC)', 0.8, 'both'),
  area('Dubai', 'Arabian Ranches', 1.2, 'villas'),
  area('Dubai', 'Downtown Dubai', 1.6, 'towers', 'Burj Khalifa view'),
  area('Dubai', 'Dubai Silicon Oasis', 0.7, 'towers'),
  area('Abu Dhabi', 'Al Reem Island', 1.05, 'towers', 'sea view'),
  area('Abu Dhabi', 'Khalifa City', 0.9, 'villas'),
  area('Abu Dhabi', 'Yas Island', 1.15, 'both', 'canal view'),
  area('Sharjah', 'Al Majaz', 0.6, 'towers', 'lake view'),
  area('Sharjah', 'Aljada', 0.7, 'both'),
  area('Ajman', 'Al Nuaimiya', 0.45, 'towers'),
  area('Ajman', 'Al Zorah', 0.75, 'villas'),
  area('Umm Al Quwain', 'Umm Al Quwain Marina', 0.5, 'villas'),
  area('Fujairah', 'Al Faseel', 0.5, 'towers', 'sea view'),
  area('Al Ain', 'Al Jimi', 0.55, 'villas'),
];

interface Unit {
  name: string;
  type: 'apartment' | 'villa' | 'townhouse' | 'studio' | 'office';
  bedrooms: number;
  bathrooms: readonly [number, number];
  size: readonly [number, number];
  /** A year's rent in the middle of the market, in dirhams. */
  rentAed: number;
}

const unit = (
  name: string,
  type: Unit['type'],
  bedrooms: number,
  bathrooms: [number, number],
  size: [number, number],
  rentAed: number,
): Unit => ({
  name,
  type,
  bedrooms,
  bathrooms,
  size,
  rentAed,
});

const UNITS: readonly Unit[] = [
  unit('2-bedroom apartment', 'apartment', 2, [2, 3], [95, 135], 95_000),
  unit('Studio', 'studio', 0, [1, 1], [35, 52], 42_000),
  unit('4-bedroom villa', 'villa', 4, [4, 5], [280, 420], 230_000),
  unit('1-bedroom apartment', 'apartment', 1, [1, 2], [62, 88], 65_000),
  unit('3-bedroom townhouse', 'townhouse', 3, [3, 4], [170, 240], 150_000),
  unit('3-bedroom apartment', 'apartment', 3, [3, 4], [145, 195], 135_000),
  unit('Office', 'office', 0, [1, 2], [60, 220], 70_000),
  unit('5-bedroom villa', 'villa', 5, [5, 6], [380, 620], 320_000),
];

const isVilla = (unit: Unit) => unit.type === 'villa' || unit.type === 'townhouse';
const fits = (unit: Unit, where: Area) =>
  unit.type === 'office'
    ? where.setting !== 'villas'
    : where.setting === 'both' || (where.setting === 'villas') === isVilla(unit);

/** "Jumeirah Village Circle (JVC)" is JVC in a title, as everyone says it. */
const shortName = (neighborhood: string) => /\(([^)]+)\)$/.exec(neighborhood)?.[1] ?? neighborhood;

const HOME_LINES = {
  towers: [
    'Balcony, built-in wardrobes, covered parking, shared pool and gym.',
    'Open kitchen with appliances, laundry room, one parking space, 24-hour security.',
    'High floor, bright and quiet; pool, gym and kids play area in the building.',
  ],
  villas: [
    'Private garden, maid’s room, covered parking for two cars; community pool and park.',
    'Corner plot with a landscaped garden, study room and upgraded kitchen.',
    'Close to the community school and supermarket; shaded parking for two cars.',
  ],
  office: [
    'Fitted office with glass partitions, pantry and two parking spaces.',
    'Shell and core, ready for your fit-out; 24-hour access, metro nearby.',
  ],
};

function propertyDraft(unit: Unit, random: Random, forRent: boolean): ItemDraft {
  const where = random.pick(AREAS.filter((candidate) => fits(unit, candidate)));
  const size = Math.round(random.between(...unit.size));
  const rent = roundPrice(unit.rentAed * where.factor * random.between(0.9, 1.15) * (size / unit.size[0]) ** 0.4);
  const furnished = forRent && unit.type !== 'office' && random.chance(0.35);
  const view = where.view && random.chance(0.6) ? `, ${where.view}` : '';
  const place = shortName(where.neighborhood);
  const what = unit.type === 'studio' ? 'Studio apartment' : unit.name;
  const lines = HOME_LINES[unit.type === 'office' ? 'office' : isVilla(unit) ? 'villas' : 'towers'];
  const price = forRent ? rent : roundPrice(rent * random.between(14, 18));
  const condition = random.pick(['new', 'like_new', 'good', 'good'] as const);
  return {
    title: forRent
      ? `${furnished ? 'Furnished ' : ''}${what} in ${place}, ${size} m²${view}`
      : `${what} for sale in ${place}, ${size} m²${view}`,
    about: [
      `${what} in ${where.neighborhood}, ${where.city}: ${size} m² (${grouped(Math.round(size * 10.764))} sq ft).`,
      random.pick(lines),
      forRent
        ? `AED ${grouped(price)} a year in ${random.pick(['one cheque', '2 cheques', '4 cheques'])}; ${random.pick(['chiller free', 'DEWA and chiller on the tenant'])}.`
        : random.pick([
            'Freehold, title deed ready; vacant on transfer.',
            `Tenanted at AED ${grouped(rent)} a year until the summer: a ready income.`,
            'Mortgage-friendly; service charge about AED 15 per sq ft.',
          ]),
      condition === 'new' ? 'Brand-new building, never lived in.' : 'Well maintained; freshly painted.',
      'Viewings every day; call or message to book one.',
    ],
    condition,
    priceAed: price,
    // Rents here are quoted a year (issue 32), and a rent takes no offers: the owner is contacted.
    ...(forRent && { pricePeriod: 'year' as const }),
    negotiable: !forRent && random.chance(0.7),
    attributes: {
      property_type: unit.type,
      bedrooms: unit.bedrooms,
      bathrooms: random.int(...unit.bathrooms),
      size,
      ...(forRent && { furnished }),
    },
    photo: isVilla(unit) ? 'villa' : 'apartment-building',
    deliverable: false,
    stocked: false,
    place: { city: where.city, neighborhood: where.neighborhood },
  };
}

export const propertyForRent = template('property-for-rent', UNITS, (unit, random) =>
  propertyDraft(unit, random, true),
);
export const propertyForSale = template('property-for-sale', UNITS, (unit, random) =>
  propertyDraft(unit, random, false),
);

export const PROPERTY_TEMPLATES: readonly ListingTemplate[] = [propertyForRent, propertyForSale];
