import type { Gender, Locale } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compileOnce } from '../../db/compiled-query';
import type { AddressesTable, Database } from '../../db/schema';
import { byName, placeName } from '../places';
import { saveCompany, saveIdentity } from '../users';

type AddressFields = Omit<AddressesTable, 'user_id' | 'created_at' | 'updated_at'>;

/** What a profile save writes, already checked: empty optional text is null, the birthday 'yyyy-mm-dd'. */
export interface ProfileChanges {
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: Gender | null;
  timezone: string;
  address: AddressFields;
  /** For company accounts; null leaves the companies table alone. */
  company: { name: string; web: string | null } | null;
  neighborhoodIds: readonly number[];
  /** The key of a newly stored avatar; undefined keeps the current one. */
  avatarKey?: string | undefined;
}

export type ProfileRecord = NonNullable<Awaited<ReturnType<ProfileRepository['find']>>>;

/** The profile of docs/product/specification.md §3 across users, addresses, companies, cities and neighborhoods. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The profile's one query per language (the places' names differ), built and compiled once (issue 34). */
  private readonly findQueries = new Map<Locale, ReturnType<ProfileRepository['compileFind']>>();

  private compileFind(locale: Locale) {
    return compileOnce(this.db, ['userId'], (param) =>
      this.db
        .selectFrom('users')
        .leftJoin('addresses', 'addresses.user_id', 'users.id')
        .leftJoin('companies', 'companies.user_id', 'users.id')
        .leftJoin('cities', 'cities.id', 'addresses.city_id')
        .select((eb) => [
          'users.first_name',
          'users.last_name',
          'users.email',
          'users.account_type',
          'users.birthday',
          'users.gender',
          'users.timezone',
          'users.avatar_key',
          'companies.id as company_id',
          'companies.name as company_name',
          'companies.web as company_web',
          'addresses.user_id as address_user_id',
          'addresses.flat_number',
          'addresses.building_name',
          'addresses.street_address',
          'addresses.area',
          'addresses.postal_code',
          'addresses.region',
          'addresses.phone_prefix',
          'addresses.phone',
          'addresses.city_id',
          placeName('cities', locale).as('city_name'),
          'cities.country_code as city_country_code',
          jsonArrayFrom(
            eb
              .selectFrom('user_neighborhoods')
              .innerJoin('neighborhoods', 'neighborhoods.id', 'user_neighborhoods.neighborhood_id')
              .select(['neighborhoods.id', placeName('neighborhoods', locale).as('name')])
              .whereRef('user_neighborhoods.user_id', '=', 'users.id'),
          ).as('neighborhoods'),
          jsonArrayFrom(
            eb
              .selectFrom('neighborhoods')
              .select(['neighborhoods.id', placeName('neighborhoods', locale).as('name')])
              .whereRef('neighborhoods.city_id', '=', 'addresses.city_id'),
          ).as('city_neighborhoods'),
        ])
        .where('users.id', '=', param('userId')),
    );
  }

  /** Everything the profile shows, in one query, with its places named in `locale`. */
  async find(userId: number, locale: Locale) {
    let query = this.findQueries.get(locale);
    if (!query) {
      query = this.compileFind(locale);
      this.findQueries.set(locale, query);
    }
    const record = await query.executeTakeFirst({ userId });
    if (!record) return undefined;
    const { neighborhoods, city_neighborhoods: cityNeighborhoods, ...rest } = record;
    return {
      ...rest,
      neighborhoods: byName(neighborhoods, locale),
      city_neighborhoods: byName(cityNeighborhoods, locale),
    };
  }

  async hasAddress(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('addresses')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Writes the whole profile in one transaction: all of it or none of it. Answers the avatar key the
   * save replaced, whose file the caller deletes once this has committed.
   */
  async save(userId: number, changes: ProfileChanges): Promise<{ replacedAvatarKey: string | null }> {
    const now = new Date();
    return this.db.transaction().execute(async (trx) => {
      // Locks the row first when the avatar changes: two uploads run one after the other, and each
      // learns which file it replaces.
      const replaced =
        changes.avatarKey === undefined
          ? undefined
          : await trx
              .selectFrom('users')
              .select('avatar_key')
              .where('id', '=', userId)
              .forUpdate()
              .executeTakeFirstOrThrow();
      await saveIdentity(trx, userId, changes, now);
      await trx
        .insertInto('addresses')
        .values({ user_id: userId, ...changes.address })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...changes.address, updated_at: now }))
        .execute();
      if (changes.company) await saveCompany(trx, userId, changes.company, now);
      const ids = [...changes.neighborhoodIds];
      await trx
        .deleteFrom('user_neighborhoods')
        .where('user_id', '=', userId)
        .$if(ids.length > 0, (query) => query.where('neighborhood_id', 'not in', ids))
        .execute();
      if (ids.length > 0) {
        await trx
          .insertInto('user_neighborhoods')
          .values(ids.map((neighborhood_id) => ({ user_id: userId, neighborhood_id })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      return { replacedAvatarKey: replaced?.avatar_key ?? null };
    });
  }
}
