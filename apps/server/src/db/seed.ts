import type { Kysely } from 'kysely';
import { hashPassword } from '../modules/auth/passwords';
import { ProfileRepository, type ProfileChanges } from '../modules/profile/profile-repository';
import { UsersRepository } from '../modules/users/users-repository';
import type { Database } from './schema';
import { seedReferenceData } from './seed-reference-data';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** Known passwords, printed at start-up: only for trying the app. SEED_DEMO=false turns them off. */
export const DEMO_ACCOUNTS = [
  {
    label: 'individual',
    first_name: 'Layla',
    last_name: 'Haddad',
    email: 'layla@example.com',
    password: 'demo-password-1',
    account_type: 'individual',
    profile: {
      birthday: '1992-03-14',
      gender: 'F',
      address: {
        flat_number: 'Apartment 1204',
        building_name: 'Marina Heights Tower',
        street_address: 'Al Marsa Street',
        area: 'Dubai Marina',
        phone: '501234567',
      },
      city: 'Dubai',
      neighborhoods: ['Dubai Marina', 'Jumeirah Beach Residence (JBR)', 'Jumeirah Lake Towers (JLT)'],
      company_web: null,
    },
  },
  {
    label: 'company',
    first_name: 'Omar',
    last_name: 'Farouk',
    email: 'omar@palmtrading.example',
    password: 'demo-password-2',
    account_type: 'company',
    company_name: 'Palm Trading LLC',
    profile: {
      birthday: '1985-11-02',
      gender: 'M',
      address: {
        flat_number: 'Office 2108',
        building_name: 'Bay Square Building 7',
        street_address: 'Al Abraj Street',
        area: 'Business Bay',
        phone: '43219876',
      },
      city: 'Dubai',
      neighborhoods: ['Business Bay', 'Downtown Dubai'],
      company_web: 'https://palmtrading.example',
    },
  },
] as const;

type DemoSeed = (typeof DEMO_ACCOUNTS)[number];

/** What every start seeds: reference data always, the demo accounts when `demo` is on. */
export async function seedDatabase(db: Kysely<Database>, { demo }: { demo: boolean }): Promise<DemoAccount[]> {
  if (demo) return seedDemoData(db);
  await seedReferenceData(db);
  return [];
}

/** Idempotent: runs at every start and only adds what is missing (an account, or its profile). */
export async function seedDemoData(db: Kysely<Database>): Promise<DemoAccount[]> {
  await seedReferenceData(db);
  const users = new UsersRepository(db);
  const profiles = new ProfileRepository(db);
  for (const account of DEMO_ACCOUNTS) {
    const existing = await users.findCredentialsByEmail(account.email);
    const userId =
      existing?.id ?? (await users.create({ ...account, password_hash: await hashPassword(account.password) }));
    if (!(await profiles.hasAddress(userId))) await profiles.save(userId, await demoProfile(db, account));
  }
  return DEMO_ACCOUNTS.map(({ label, email, password }) => ({ label, email, password }));
}

async function demoProfile(db: Kysely<Database>, account: DemoSeed): Promise<ProfileChanges> {
  const { profile } = account;
  const city = await db.selectFrom('cities').select('id').where('name', '=', profile.city).executeTakeFirstOrThrow();
  const neighborhoods = await db
    .selectFrom('neighborhoods')
    .select('id')
    .where('city_id', '=', city.id)
    .where('name', 'in', profile.neighborhoods)
    .execute();
  return {
    first_name: account.first_name,
    last_name: account.last_name,
    birthday: profile.birthday,
    gender: profile.gender,
    timezone: 'Asia/Dubai',
    address: { ...profile.address, postal_code: null, region: null, phone_prefix: '+971', city_id: city.id },
    company: account.account_type === 'company' ? { name: account.company_name, web: profile.company_web } : null,
    neighborhoodIds: neighborhoods.map((row) => row.id),
  };
}
