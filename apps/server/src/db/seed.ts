import type { Kysely } from 'kysely';
import type { MediaStorage } from '../plugins/storage';
import { DEMO_ACCOUNTS, ensureDemoAccount, type DemoAccount } from './demo-accounts';
import { seedDemoCatalogue, type DemoCatalogueOptions } from './demo-catalogue/seed-demo-catalogue';
import { seedDemoHistory } from './demo-catalogue/seed-demo-history';
import type { DemoPhotoPool } from './demo-catalogue/photo-pool';
import type { Database } from './schema';
import { seedDemoTestimonials } from './seed-demo-testimonials';
import { seedReferenceData } from './seed-reference-data';

export { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';

/** What every start seeds: reference data always, the demo accounts and catalogue when `demo` is on. */
export async function seedDatabase(
  db: Kysely<Database>,
  { demo, storage, demoPhotos }: { demo: boolean; storage: MediaStorage; demoPhotos?: DemoPhotoPool | undefined },
): Promise<DemoAccount[]> {
  if (demo) return seedDemoData(db, storage, { ...(demoPhotos && { pool: demoPhotos }) });
  await seedReferenceData(db);
  return [];
}

/**
 * Idempotent: runs at every start and only adds what is missing: the two printed accounts, the
 * other demo sellers, each seller's listings with their photos, their history of orders,
 * reviews and conversations (demo-catalogue/), and the home page's testimonials.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  storage: MediaStorage,
  options: DemoCatalogueOptions = {},
): Promise<DemoAccount[]> {
  await seedReferenceData(db);
  await seedDemoCatalogue(db, storage, options);
  await seedDemoHistory(db);
  await seedDemoTestimonials(db);
  return printedAccounts();
}

/** The two printed accounts and their profiles only, without listings: for tests that need a known sign-in. */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<DemoAccount[]> {
  await seedReferenceData(db);
  for (const account of DEMO_ACCOUNTS) await ensureDemoAccount(db, account, () => account.password);
  return printedAccounts();
}

const printedAccounts = (): DemoAccount[] =>
  DEMO_ACCOUNTS.map(({ label, email, password }) => ({ label, email, password }));
