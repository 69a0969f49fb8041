import type { Kysely } from 'kysely';
import { hashPassword } from '../modules/auth';
import { ProfileRepository, type ProfileChanges } from '../modules/profile';
import { UsersRepository } from '../modules/users';
import type { Database } from './schema';

/** A demo account as seeded: the user, their company, and a profile that names its places. */
export interface DemoAccountSeed {
  first_name: string;
  last_name: string;
  email: string;
  account_type: 'individual' | 'company';
  company_name?: string;
  profile: {
    birthday: string;
    gender: 'M' | 'F';
    address: { flat_number: string; building_name: string; street_address: string; area: string; phone: string };
    city: string;
    neighborhoods: readonly string[];
    company_web: string | null;
  };
}

/** What start-up prints for an account anyone may sign in with. */
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
] as const satisfies readonly (DemoAccountSeed & { label: string; password: string })[];

/**
 * The account's id, creating it (with `password()`) when no user has its e-mail, and its profile
 * when it has none: an account seeded by an older version, or one whose seed stopped halfway, is completed.
 */
export async function ensureDemoAccount(
  db: Kysely<Database>,
  account: DemoAccountSeed,
  password: () => string,
  /** How the password is hashed: the demo catalogue's seed has it done in a child process. */
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<number> {
  const users = new UsersRepository(db);
  const profiles = new ProfileRepository(db);
  const existing = await users.findCredentialsByEmail(account.email);
  const userId =
    existing?.id ??
    (await users.create({
      ...account,
      company_name: account.company_name ?? null,
      password_hash: await hash(password()),
      // Demo accounts sell and buy at once: their addresses are taken as proved.
      verified: true,
    }));
  if (!(await profiles.hasAddress(userId))) await profiles.save(userId, await demoProfile(db, account));
  return userId;
}

async function demoProfile(db: Kysely<Database>, account: DemoAccountSeed): Promise<ProfileChanges> {
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
    company:
      account.account_type === 'company' && account.company_name
        ? { name: account.company_name, web: profile.company_web }
        : null,
    neighborhoodIds: neighborhoods.map((row) => row.id),
  };
}
