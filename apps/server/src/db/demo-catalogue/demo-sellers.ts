import type { DemoAccountSeed } from '../demo-accounts';

/** A seller of the demo catalogue: an account nobody signs in to, and what it lists. */
export interface DemoSeller {
  account: DemoAccountSeed;
  /** How many active listings it has in each leaf category, by slug. */
  listings: Readonly<Record<string, number>>;
}

const address = (flat_number: string, building_name: string, street_address: string, area: string, phone: string) => ({
  flat_number,
  building_name,
  street_address,
  area,
  phone,
});

/**
 * The sellers besides the two printed demo accounts: shops and people across the emirates, so the
 * catalogue has both account types and listings in most cities. Their passwords are random; the
 * first of a profile's neighborhoods is where a company's listings are, an individual's are in any.
 */
export const DEMO_SELLERS: readonly DemoSeller[] = [
  {
    account: {
      first_name: 'Yousef',
      last_name: 'Al Hammadi',
      email: 'sales@alnoormotors.example',
      account_type: 'company',
      company_name: 'Al Noor Motors',
      profile: {
        birthday: '1979-06-21',
        gender: 'M',
        address: address(
          'Showroom 14',
          'Al Noor Motors Building',
          'Street 12, Industrial Area 4',
          'Industrial Area',
          '65551234',
        ),
        city: 'Sharjah',
        neighborhoods: ['Industrial Area', 'Al Nahda'],
        company_web: 'https://alnoormotors.example',
      },
    },
    listings: { cars: 48, motorcycles: 7, 'auto-parts': 6 },
  },
  {
    account: {
      first_name: 'Priya',
      last_name: 'Nair',
      email: 'hello@emirateshome.example',
      account_type: 'company',
      company_name: 'Emirates Home Living',
      profile: {
        birthday: '1988-02-09',
        gender: 'F',
        address: address('Warehouse 7', 'Emirates Home Living Showroom', 'Street 10, M-13', 'Mussafah', '25550198'),
        city: 'Abu Dhabi',
        neighborhoods: ['Mussafah', 'Khalifa City'],
        company_web: 'https://emirateshome.example',
      },
    },
    listings: { furniture: 14, 'home-appliances': 9, garden: 6 },
  },
  {
    account: {
      first_name: 'Imran',
      last_name: 'Qureshi',
      email: 'shop@gulfgadgets.example',
      account_type: 'company',
      company_name: 'Gulf Gadgets Trading',
      profile: {
        birthday: '1983-09-30',
        gender: 'M',
        address: address('Shop 3', 'Al Nuaimiya Tower B', 'Sheikh Khalifa Bin Zayed Street', 'Al Nuaimiya', '67405521'),
        city: 'Ajman',
        neighborhoods: ['Al Nuaimiya', 'Ajman Downtown'],
        company_web: 'https://gulfgadgets.example',
      },
    },
    listings: { 'mobile-phones': 24, laptops: 16, 'tvs-audio': 10, cameras: 7, gaming: 8, watches: 6 },
  },
  {
    account: {
      first_name: 'Sara',
      last_name: 'Al Shehhi',
      email: 'leasing@oasisproperties.example',
      account_type: 'company',
      company_name: 'Oasis Properties',
      profile: {
        birthday: '1990-12-04',
        gender: 'F',
        address: address(
          'Office 305',
          'Al Hamra Business Centre',
          'Sheikh Mohammed Bin Zayed Road',
          'Al Hamra Village',
          '72268840',
        ),
        city: 'Ras Al Khaimah',
        neighborhoods: ['Al Hamra Village', 'Al Marjan Island', 'Mina Al Arab'],
        company_web: 'https://oasisproperties.example',
      },
    },
    listings: { 'property-for-rent': 24, 'property-for-sale': 16 },
  },
  {
    account: {
      first_name: 'Fatima',
      last_name: 'Al Mansoori',
      email: 'fatima.almansoori@example.com',
      account_type: 'individual',
      profile: {
        birthday: '1994-05-17',
        gender: 'F',
        address: address('Villa 21', 'Al Jimi Villas', 'Street 14', 'Al Jimi', '504418827'),
        city: 'Al Ain',
        neighborhoods: ['Al Jimi', 'Al Muwaiji', 'Al Towayya'],
        company_web: null,
      },
    },
    listings: { 'womens-clothing': 6, bags: 5, toys: 5, strollers: 3, books: 4, furniture: 3 },
  },
  {
    account: {
      first_name: 'Rahul',
      last_name: 'Menon',
      email: 'rahul.menon@example.com',
      account_type: 'individual',
      profile: {
        birthday: '1989-08-11',
        gender: 'M',
        address: address('Flat 1506', 'Al Majaz Pearl Tower', 'Jamal Abdul Nasser Street', 'Al Majaz', '552019384'),
        city: 'Sharjah',
        neighborhoods: ['Al Majaz', 'Al Taawun', 'Al Khan'],
        company_web: null,
      },
    },
    listings: { 'mobile-phones': 3, laptops: 3, gaming: 5, bicycles: 4, fitness: 4, cameras: 3, 'tvs-audio': 3 },
  },
  {
    account: {
      first_name: 'Aisha',
      last_name: 'Rahman',
      email: 'aisha.rahman@example.com',
      account_type: 'individual',
      profile: {
        birthday: '1991-01-25',
        gender: 'F',
        address: address('Flat 804', 'Corniche Residence', 'Corniche Road', 'Al Faseel', '561123907'),
        city: 'Fujairah',
        neighborhoods: ['Al Faseel', 'Merashid', 'Sakamkam'],
        company_web: null,
      },
    },
    listings: { garden: 6, 'home-appliances': 5, toys: 4, strollers: 3, furniture: 4, books: 3 },
  },
  {
    account: {
      first_name: 'Khalid',
      last_name: 'Al Suwaidi',
      email: 'khalid.alsuwaidi@example.com',
      account_type: 'individual',
      profile: {
        birthday: '1986-10-03',
        gender: 'M',
        address: address('Villa 48', 'Al Forsan Villas', 'Street 22', 'Khalifa City', '507736120'),
        city: 'Abu Dhabi',
        neighborhoods: ['Khalifa City', 'Al Raha Beach', 'Yas Island'],
        company_web: null,
      },
    },
    listings: { cars: 2, motorcycles: 1, camping: 5, fitness: 4, watches: 4, 'mens-clothing': 4, shoes: 3 },
  },
  {
    account: {
      first_name: 'Maria',
      last_name: 'Santos',
      email: 'maria.santos@example.com',
      account_type: 'individual',
      profile: {
        birthday: '1993-07-19',
        gender: 'F',
        address: address('Apartment 312', 'Bloom Towers B', 'District 12', 'Jumeirah Village Circle', '585540216'),
        city: 'Dubai',
        neighborhoods: ['Jumeirah Village Circle (JVC)', 'Al Barsha', 'Dubai Sports City'],
        company_web: null,
      },
    },
    listings: { 'womens-clothing': 6, shoes: 5, bags: 4, furniture: 4, 'mens-clothing': 2, garden: 3 },
  },
];
