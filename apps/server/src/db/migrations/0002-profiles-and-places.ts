import { sql, type Kysely } from 'kysely';

/** Profiles (specification §3): personal columns on users, one address per user, cities and their neighborhoods. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('birthday', 'date')
    .addColumn('gender', 'text', (col) => col.check(sql`gender in ('M', 'F')`))
    .addColumn('timezone', 'varchar(64)', (col) => col.notNull().defaultTo('Asia/Dubai'))
    .addColumn('avatar_key', 'text', (col) => col.check(sql`avatar_key ~ '^[A-Za-z0-9_-]{22}$'`))
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('country_code', 'char(2)', (col) => col.notNull().defaultTo('AE'))
    .execute();

  await db.schema
    .createTable('neighborhoods')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('city_id', 'integer', (col) => col.notNull().references('cities.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addUniqueConstraint('neighborhoods_city_id_name_unique', ['city_id', 'name'])
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('flat_number', 'varchar(255)', (col) => col.notNull())
    .addColumn('building_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('street_address', 'varchar(255)')
    .addColumn('area', 'varchar(255)', (col) => col.notNull())
    .addColumn('postal_code', 'varchar(20)')
    .addColumn('region', 'varchar(255)')
    .addColumn('phone_prefix', 'varchar(5)', (col) => col.notNull())
    .addColumn('phone', 'varchar(12)', (col) => col.notNull())
    .addColumn('city_id', 'integer', (col) => col.references('cities.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_city_id').on('addresses').column('city_id').execute();

  await db.schema
    .createTable('user_neighborhoods')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('neighborhood_id', 'integer', (col) => col.notNull().references('neighborhoods.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_neighborhoods_pkey', ['user_id', 'neighborhood_id'])
    .execute();
  await db.schema
    .createIndex('user_neighborhoods_neighborhood_id')
    .on('user_neighborhoods')
    .column('neighborhood_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_neighborhoods', 'addresses', 'neighborhoods', 'cities']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('birthday')
    .dropColumn('gender')
    .dropColumn('timezone')
    .dropColumn('avatar_key')
    .execute();
}
