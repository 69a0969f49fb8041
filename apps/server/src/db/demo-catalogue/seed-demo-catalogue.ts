import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { newPhotoKey, photoStorageKey, photoStorageKeys, type PhotoSize } from '../../modules/media';
import { hashPassword } from '../../modules/auth';
import type { MediaStorage } from '../../plugins/storage';
import { DEMO_ACCOUNTS, ensureDemoAccount, type DemoAccountSeed } from '../demo-accounts';
import { clusterLayout } from '../embedded/cluster-folder';
import type { Database } from '../schema';
import { DEMO_SELLERS } from './demo-sellers';
import { hashPasswordsInChild } from './hash-in-child';
import { DemoPhotoPool } from './photo-pool';
import { planDemoCatalogue, type DemoPhoto, type PlannedListing, type PlannedSeller } from './plan-demo-catalogue';
import { taskLimit } from './task-limit';

export interface DemoCatalogueOptions {
  /** Photos already drawn, to share between seeds (the tests seed more than once). */
  pool?: DemoPhotoPool;
}

/** pg_advisory_xact_lock's first key: "demo" in ASCII; the second is the seller's id. */
const LOCK_CLASS = 0x64656d6f;
const FILE_WRITES_AT_ONCE = 16;

const ALL_ACCOUNTS: readonly DemoAccountSeed[] = [...DEMO_ACCOUNTS, ...DEMO_SELLERS.map((seller) => seller.account)];
const DEMO_EMAILS = ALL_ACCOUNTS.map((account) => account.email);

/**
 * The demo sellers and their listings, each seller's listings with their photos and history in one
 * transaction: a seller has all its demo listings or none, and the next start completes one that
 * has none. Costs one query when everything is there already.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  storage: MediaStorage,
  { pool = new DemoPhotoPool() }: DemoCatalogueOptions = {},
): Promise<void> {
  const seeded = await sellersSeeded(db);
  if (DEMO_EMAILS.every((email) => seeded.get(email)?.complete)) return;

  const plan = planDemoCatalogue(new Date()).filter((seller) => !seeded.get(seller.account.email)?.hasListings);
  // The photos are what takes time: they are drawn while the accounts are made and the rows written.
  pool.prepare(plan.flatMap((seller) => seller.listings.flatMap((listing) => listing.photos)));
  // The accounts not there yet: their passwords hashed in one child process, all at once.
  const passwords = new Map(
    ALL_ACCOUNTS.filter((account) => !seeded.has(account.email)).map((account) => [account.email, passwordOf(account)]),
  );
  const hashes = hashPasswordsInChild([...passwords.values()]).then(
    (list) => new Map([...passwords.keys()].map((email, index) => [email, list[index]])),
  );
  void hashes.catch(() => undefined); // awaited below, by the accounts that need it
  const ids = await Promise.all(
    ALL_ACCOUNTS.map(
      async (account) =>
        [
          account.email,
          await ensureDemoAccount(
            db,
            account,
            () => passwords.get(account.email) ?? passwordOf(account),
            async (password) => (await hashes).get(account.email) ?? hashPassword(password),
          ),
        ] as const,
    ),
  );
  const sellerIds = new Map(ids);
  const lookups = await referenceIds(db);
  for (const seller of plan) {
    const sellerId = sellerIds.get(seller.account.email);
    if (sellerId === undefined) throw new Error(`${seller.account.email} was not seeded`);
    await seedSellerListings(db, storage, pool, sellerId, seller, lookups);
  }
}

/**
 * The pool the demo's photos come from, kept in `demoPhotoCacheDir` if set. On a data dir with no
 * database yet the whole catalogue is going to be seeded: its photos start drawing at once (in
 * their own process), beside initdb and the migrations, instead of after them.
 */
export function demoPhotoPool(start: {
  seedDemo: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  demoPhotoCacheDir?: string | undefined;
}): DemoPhotoPool | undefined {
  if (!start.seedDemo) return undefined;
  const pool = new DemoPhotoPool(start.demoPhotoCacheDir);
  const fresh =
    start.databaseUrl === undefined && !fs.existsSync(clusterLayout(path.resolve(start.dataDir)).clusterDir);
  if (fresh) pool.prepare(planDemoCatalogue(new Date()).flatMap((seller) => seller.listings.flatMap((l) => l.photos)));
  return pool;
}

/** The printed accounts keep their known passwords; nobody can sign in as the other sellers. */
function passwordOf(account: DemoAccountSeed): string {
  const printed = DEMO_ACCOUNTS.find((candidate) => candidate.email === account.email);
  return printed?.password ?? randomBytes(24).toString('base64url');
}

async function sellersSeeded(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('users')
    .select((eb) => [
      'users.email',
      eb
        .exists(eb.selectFrom('addresses').select('user_id').whereRef('addresses.user_id', '=', 'users.id'))
        .as('profile'),
      eb.exists(eb.selectFrom('listings').select('id').whereRef('listings.seller_id', '=', 'users.id')).as('listings'),
    ])
    .where('users.email', 'in', DEMO_EMAILS)
    .execute();
  return new Map(
    rows.map((row) => [
      row.email,
      { hasListings: Boolean(row.listings), complete: Boolean(row.profile) && Boolean(row.listings) },
    ]),
  );
}

interface ReferenceIds {
  category(slug: string): number;
  city(name: string): number;
  neighborhood(cityId: number, name: string | null): number | null;
}

async function referenceIds(db: Kysely<Database>): Promise<ReferenceIds> {
  const [categories, cities, neighborhoods] = await Promise.all([
    db.selectFrom('categories').select(['id', 'slug']).execute(),
    db.selectFrom('cities').select(['id', 'name']).execute(),
    db.selectFrom('neighborhoods').select(['id', 'city_id', 'name']).execute(),
  ]);
  const found = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The demo catalogue names ${what}, which is not seeded`);
    return value;
  };
  const categoryIds = new Map(categories.map((row) => [row.slug, row.id]));
  const cityIds = new Map(cities.map((row) => [row.name, row.id]));
  const neighborhoodIds = new Map(neighborhoods.map((row) => [`${row.city_id}/${row.name}`, row.id]));
  return {
    category: (slug) => found(categoryIds.get(slug), `the category ${slug}`),
    city: (name) => found(cityIds.get(name), `the city ${name}`),
    neighborhood: (cityId, name) =>
      name === null ? null : found(neighborhoodIds.get(`${cityId}/${name}`), `the neighborhood ${name}`),
  };
}

interface PhotoFile {
  key: string;
  photo: DemoPhoto;
}

/**
 * One seller's listings. Its photo files are journaled in media_uploads and written before the
 * transaction that records them, as uploads are (listing-photos-service.ts): if the transaction
 * fails they are deleted here, and if the process dies the clock's sweep deletes them.
 */
async function seedSellerListings(
  db: Kysely<Database>,
  storage: MediaStorage,
  pool: DemoPhotoPool,
  sellerId: number,
  seller: PlannedSeller,
  ids: ReferenceIds,
): Promise<void> {
  const files = seller.listings.map((listing) =>
    listing.photos.map((photo): PhotoFile => ({ key: newPhotoKey(), photo })),
  );
  const keys = files.flat().map((file) => file.key);
  const journal = keys.map((key) => `photos/${key}`);
  if (journal.length > 0)
    await db
      .insertInto('media_uploads')
      .values(journal.map((key) => ({ key })))
      .execute();
  try {
    await writeFiles(storage, pool, files.flat());
    const written = await db.transaction().execute(async (trx) => {
      // Two processes seeding one database at once: the second finds the first's listings and stops.
      await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${sellerId})`.execute(trx);
      const existing = await trx
        .selectFrom('listings')
        .select('id')
        .where('seller_id', '=', sellerId)
        .executeTakeFirst();
      if (existing) return false;
      for (const [index, listing] of seller.listings.entries()) {
        await insertListing(trx, pool, sellerId, listing, files[index] ?? [], ids);
      }
      if (journal.length > 0) await trx.deleteFrom('media_uploads').where('key', 'in', journal).execute();
      return true;
    });
    if (!written) await discardFiles(db, storage, keys, journal);
  } catch (error) {
    await discardFiles(db, storage, keys, journal);
    throw error;
  }
}

/** Every file of `files`; on a failure, only once no write is still under way, so a clean-up misses none. */
async function writeFiles(storage: MediaStorage, pool: DemoPhotoPool, files: readonly PhotoFile[]): Promise<void> {
  const limit = taskLimit(FILE_WRITES_AT_ONCE);
  const results = await Promise.allSettled(
    files.flatMap(({ key, photo }) =>
      (['thumb', 'card', 'full'] as const satisfies readonly PhotoSize[]).map((size) =>
        limit(async () => storage.put(photoStorageKey(key, size), (await pool.get(photo)).files[size])),
      ),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

async function discardFiles(db: Kysely<Database>, storage: MediaStorage, keys: string[], journal: string[]) {
  const limit = taskLimit(FILE_WRITES_AT_ONCE);
  await Promise.all(keys.flatMap((key) => photoStorageKeys(key)).map((file) => limit(() => storage.delete(file))));
  if (journal.length > 0) await db.deleteFrom('media_uploads').where('key', 'in', journal).execute();
}

async function insertListing(
  trx: Kysely<Database>,
  pool: DemoPhotoPool,
  sellerId: number,
  listing: PlannedListing,
  files: readonly PhotoFile[],
  ids: ReferenceIds,
): Promise<void> {
  const { timeline } = listing;
  const cityId = ids.city(listing.city);
  const { id } = await trx
    .insertInto('listings')
    .values({
      seller_id: sellerId,
      category_id: ids.category(listing.category),
      status: timeline.status,
      title: listing.title,
      description: listing.description,
      condition: listing.condition,
      price_fils: listing.priceFils,
      price_period: listing.pricePeriod,
      negotiable: listing.negotiable,
      quantity: listing.quantity,
      attributes: JSON.stringify(listing.attributes),
      city_id: cityId,
      neighborhood_id: ids.neighborhood(cityId, listing.neighborhood),
      pickup: listing.pickup,
      delivery: listing.delivery,
      delivery_fee_fils: listing.deliveryFeeFils,
      published_at: timeline.publishedAt,
      expires_at: timeline.expiresAt,
      reminded_at: timeline.remindedAt,
      ended_at: timeline.endedAt,
      views: listing.views,
      created_at: timeline.createdAt,
      updated_at: timeline.updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (files.length > 0) {
    const photos = await Promise.all(files.map(async (file) => ({ file, prepared: await pool.get(file.photo) })));
    await trx
      .insertInto('listing_photos')
      .values(
        photos.map(({ file, prepared }, position) => ({
          listing_id: id,
          key: file.key,
          position,
          width: prepared.width,
          height: prepared.height,
          placeholder: prepared.placeholder,
          created_at: timeline.createdAt,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('listing_events')
    .values(
      timeline.events.map((event) => ({
        listing_id: id,
        actor_id: event.byApp ? null : sellerId,
        type: event.type,
        changes: JSON.stringify(event.changes),
        created_at: event.at,
      })),
    )
    .execute();
}
