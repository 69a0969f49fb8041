import { sql, type Kysely } from 'kysely';

/**
 * The home page's testimonials (issue 31, decision 036): a quote in English and Arabic from a buyer
 * or a seller, with their name, city and photo (an avatar-sized WebP through the avatar pipeline),
 * ordered by position and shown only once published. `seed_key` names a demo row, so the demo
 * seed adds each once whatever starts at the same time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table testimonials (
      id serial primary key,
      quote varchar(400) not null,
      quote_ar varchar(400) not null,
      name varchar(60) not null,
      name_ar varchar(60) not null,
      city varchar(60) not null,
      city_ar varchar(60) not null,
      role varchar(10) not null check (role in ('buyer', 'seller')),
      photo_key varchar(22),
      position integer not null,
      published boolean not null default false,
      seed_key varchar(40) unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index testimonials_published on testimonials (position, id) where published`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table testimonials`.execute(db);
}
