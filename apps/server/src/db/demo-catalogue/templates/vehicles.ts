import type { ListingCondition } from '@marketplace/contracts';
import type { Random } from '../../demo-photos/random';
import {
  grouped,
  product,
  roundPrice,
  template,
  usedPrice,
  type ListingTemplate,
  type Product,
} from '../listing-template';

interface Car {
  name: string;
  /** The brand option's value in the Cars category. */
  brand: string;
  model: string;
  body: 'car-sedan' | 'car-suv';
  /** The first and last model year listed. */
  years: readonly [number, number];
  /** Roughly what the newest year costs new, in dirhams. */
  newAed: number;
  fuels: readonly ('petrol' | 'hybrid' | 'diesel')[];
}

const brandValue = (make: string) => make.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');

function car(
  make: string,
  model: string,
  trim: string,
  body: 'sedan' | 'suv',
  years: readonly [number, number],
  newAed: number,
  fuels: Car['fuels'] = ['petrol'],
): Car {
  const name = [make, model, trim].filter(Boolean).join(' ');
  return { name, brand: brandValue(make), model, body: body === 'suv' ? 'car-suv' : 'car-sedan', years, newAed, fuels };
}

const CARS: readonly Car[] = [
  car('Toyota', 'Camry', '', 'sedan', [2018, 2025], 115_000, ['petrol', 'hybrid']),
  car('Nissan', 'Patrol', 'LE Platinum', 'suv', [2017, 2025], 330_000),
  car('Toyota', 'Land Cruiser', 'GXR', 'suv', [2016, 2024], 310_000),
  car('Honda', 'Civic', '', 'sedan', [2019, 2025], 88_000),
  car('Lexus', 'ES 350', '', 'sedan', [2019, 2025], 205_000),
  car('Mitsubishi', 'Pajero', '', 'suv', [2017, 2023], 125_000),
  car('Mercedes-Benz', 'C 200', '', 'sedan', [2019, 2025], 195_000),
  car('Hyundai', 'Tucson', '', 'suv', [2020, 2025], 105_000),
  car('Nissan', 'Sunny', '', 'sedan', [2019, 2025], 58_000),
  car('Land Rover', 'Range Rover Sport', 'HSE', 'suv', [2018, 2024], 420_000),
  car('BMW', '520i', '', 'sedan', [2019, 2025], 235_000),
  car('Toyota', 'Prado', 'VX', 'suv', [2018, 2025], 190_000),
  car('Kia', 'Cerato', '', 'sedan', [2020, 2025], 70_000),
  car('BMW', 'X5', 'xDrive40i', 'suv', [2019, 2025], 360_000),
  car('Nissan', 'Altima', '', 'sedan', [2019, 2025], 98_000),
  car('Chevrolet', 'Tahoe', 'LT', 'suv', [2018, 2024], 240_000),
  car('Hyundai', 'Elantra', '', 'sedan', [2020, 2025], 72_000),
  car('Kia', 'Sportage', '', 'suv', [2020, 2025], 100_000),
  car('Honda', 'Accord', '', 'sedan', [2018, 2024], 118_000),
  car('Land Rover', 'Defender', '110', 'suv', [2022, 2025], 340_000, ['petrol', 'diesel']),
  car('Ford', 'Explorer', 'XLT', 'suv', [2018, 2024], 175_000),
  car('Audi', 'A6', '45 TFSI', 'sedan', [2020, 2025], 230_000),
  car('Porsche', 'Cayenne', '', 'suv', [2018, 2024], 430_000),
  car('Toyota', 'Corolla', '', 'sedan', [2018, 2025], 78_000, ['petrol', 'hybrid']),
  car('Lexus', 'LX 570', '', 'suv', [2016, 2023], 470_000),
];

/** The year the demo's prices and ages are written for. */
const CURRENT_YEAR = 2026;

const CAR_LINES = [
  'GCC specs, first owner, full service history with the agency.',
  'GCC specs. Accident-free, no paintwork, original tyres replaced last year.',
  'Second owner. Serviced every 10,000 km; all receipts in the glovebox.',
  'Under agency warranty and service contract for another year.',
  'Recently serviced: new battery, brake pads and tyres.',
  'Non-smoker car, kept in a covered parking all its life.',
];

const YEAR_LINE = [
  'Mulkiya valid for another 9 months.',
  'Registration renewed two months ago.',
  'Passed RTA test this month.',
];

function carCondition(age: number, km: number): ListingCondition {
  if (age <= 1 && km < 25_000) return 'like_new';
  if (km > 180_000) return 'fair';
  return 'good';
}

const kilometresFor = (age: number, random: Random) =>
  Math.round((Math.max(age, 0.3) * random.between(12_000, 24_000)) / 100) * 100;

export const cars = template('cars', CARS, (car, random, seller) => {
  const year = random.int(car.years[0], car.years[1]);
  const age = CURRENT_YEAR - year;
  const km = kilometresFor(age, random);
  const condition = carCondition(age, km);
  const price = roundPrice(car.newAed * 0.86 ** age * (1 - Math.min(km, 250_000) / 1_500_000));
  const fuel = random.pick(car.fuels);
  return {
    title: `${car.name} ${year}, ${grouped(km)} km`,
    about: [
      `${car.name}, ${year} model${fuel === 'petrol' ? '' : `, ${fuel}`}, ${grouped(km)} km on the clock.`,
      random.pick(CAR_LINES),
      random.pick(YEAR_LINE),
      seller === 'company'
        ? 'Bank finance with 20% down payment, trade-ins welcome, RTA transfer done for you.'
        : 'Serious buyers only, please; test drive after a call.',
    ],
    condition,
    priceAed: price,
    negotiable: seller === 'individual' || random.chance(0.3),
    attributes: {
      brand: car.brand,
      model: car.model,
      year,
      kilometres: km,
      transmission: random.chance(0.95) ? 'automatic' : 'manual',
      fuel,
    },
    photo: car.body,
    deliverable: false,
    stocked: false,
  };
});

interface Motorcycle {
  name: string;
  brand: string;
  newAed: number;
  kind: string;
}

const motorcycle = (make: string, model: string, newAed: number, kind: string): Motorcycle => ({
  name: `${make} ${model}`,
  brand: brandValue(make),
  newAed,
  kind,
});

const MOTORCYCLES: readonly Motorcycle[] = [
  motorcycle('Yamaha', 'MT-07', 36_000, 'naked bike'),
  motorcycle('Honda', 'CBR500R', 29_000, 'sport bike'),
  motorcycle('BMW', 'R 1250 GS', 92_000, 'adventure bike'),
  motorcycle('Kawasaki', 'Ninja 400', 24_000, 'sport bike'),
  motorcycle('Harley-Davidson', 'Street Glide', 110_000, 'touring bike'),
  motorcycle('Ducati', 'Monster', 52_000, 'naked bike'),
  motorcycle('Suzuki', 'GSX-S750', 38_000, 'naked bike'),
];

export const motorcycles = template('motorcycles', MOTORCYCLES, (bike, random) => {
  const year = random.int(2019, 2025);
  const age = CURRENT_YEAR - year;
  const km = Math.round((Math.max(age, 0.5) * random.between(2_500, 6_000)) / 100) * 100;
  const condition: ListingCondition = age <= 2 ? 'like_new' : 'good';
  return {
    title: `${bike.name} ${year}, ${grouped(km)} km`,
    about: [
      `${bike.name} ${bike.kind}, ${year}, ${grouped(km)} km.`,
      random.pick([
        'Serviced at the dealer every 6,000 km; new chain and sprockets.',
        'Comes with two helmets and a cover. Always parked indoors.',
        'Akrapovic exhaust (original one included), tail tidy, frame sliders.',
      ]),
      'Registered and insured; transfer at RTA together.',
    ],
    condition,
    priceAed: usedPrice(bike.newAed * 0.9 ** age, 'like_new', random),
    negotiable: random.chance(0.6),
    attributes: { brand: bike.brand, year, kilometres: km },
    photo: 'motorcycle',
    deliverable: false,
    stocked: false,
  };
});

const WHEELS: readonly Product[] = [
  product('Toyota Land Cruiser 18-inch alloy wheels, set of 4', 4_200, 'Original rims off a 2021 GXR, 6×139.7.'),
  product('Michelin Pilot Sport 4 tyres 245/40 R19, set of 4', 3_600, 'Made in 2024, about 80% tread left.'),
  product('Nissan Patrol 20-inch rims with tyres', 6_500, 'Original rims with Bridgestone Dueler tyres, 70% tread.'),
  product('BBS 19-inch alloy wheels, 5×112', 7_800, 'Fit Mercedes, Audi and VW. No kerb damage.'),
  product('Spare wheel and jack for Toyota Camry', 650, 'Full-size steel spare, never used, with jack and wrench.'),
  product('Pirelli Scorpion tyres 265/65 R17, set of 4', 2_900, 'Fit Prado and Pajero; dated 2024, barely used.'),
];

export const autoParts = template('auto-parts', WHEELS, (set, random, seller) => {
  const condition = seller === 'company' ? 'new' : random.pick(['like_new', 'good'] as const);
  return {
    title: set.name,
    about: [
      set.about,
      seller === 'company' ? 'Fitting and balancing available at our workshop.' : 'Can help load them into your car.',
    ],
    condition,
    priceAed: usedPrice(set.newAed, condition, random),
    negotiable: random.chance(0.5),
    attributes: {},
    photo: 'car-wheel',
    deliverable: true,
    stocked: true,
  };
});

export const VEHICLE_TEMPLATES: readonly ListingTemplate[] = [cars, motorcycles, autoParts];
