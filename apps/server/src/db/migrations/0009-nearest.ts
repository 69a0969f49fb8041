import { sql, type Kysely } from 'kysely';

/**
 * "Nearest first" for search (issue 13, docs/decisions/018-search.md): cities get a centre (the
 * reference data's, seed-uae-places.ts), and every listing a point on the unit sphere, its map
 * point or else its city's centre, kept by triggers. A GiST index on that point and the id (the
 * `cube` and `btree_gist` extensions, both trusted: the database's owner may create them) reads
 * active listings nearest first, then by id (KNN, `<->` on each), and the straight-line (chord)
 * distance it orders by grows with the great-circle distance, so the order is exactly the
 * great-circle one. `earthdistance` would give the same
 * (its `ll_to_earth` is this point scaled by the earth's radius) but is not a trusted extension.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists cube`.execute(db);
  // The id in the same GiST index, so listings as far (a city's centre holds many) come in id order.
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`alter table cities
    add column latitude double precision check (latitude between -90 and 90),
    add column longitude double precision check (longitude between -180 and 180),
    add constraint cities_centre_both_or_none check ((latitude is null) = (longitude is null))`.execute(db);
  // A standard SQL body is bound to the functions it names when created, whatever the search_path later.
  await sql`create function sphere_point(latitude double precision, longitude double precision) returns cube
    language sql immutable strict parallel safe
    return cube(array[cos(radians(latitude)) * cos(radians(longitude)),
      cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))])`.execute(db);
  await sql`alter table listings add column place_point cube`.execute(db);
  await sql`create function listings_place_point() returns trigger language plpgsql as $$
    begin
      new.place_point := case when new.latitude is not null then sphere_point(new.latitude, new.longitude)
        else (select sphere_point(cities.latitude, cities.longitude) from cities where cities.id = new.city_id) end;
      return new;
    end $$`.execute(db);
  await sql`create trigger listings_place_point before insert or update of latitude, longitude, city_id on listings
    for each row execute function listings_place_point()`.execute(db);
  // A city's centre set or moved (the reference data, at start): its listings without a map point follow.
  await sql`create function cities_centre_moved() returns trigger language plpgsql as $$
    begin
      update listings set place_point = sphere_point(new.latitude, new.longitude)
        where city_id = new.id and latitude is null;
      return null;
    end $$`.execute(db);
  await sql`create trigger cities_centre_moved after update of latitude, longitude on cities for each row
    when (old.latitude is distinct from new.latitude or old.longitude is distinct from new.longitude)
    execute function cities_centre_moved()`.execute(db);
  await sql`update listings set place_point = sphere_point(latitude, longitude) where latitude is not null`.execute(db);
  await sql`create index listings_active_place on listings using gist (place_point, id) where status = 'active'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index listings_active_place`.execute(db);
  await sql`drop trigger cities_centre_moved on cities`.execute(db);
  await sql`drop function cities_centre_moved()`.execute(db);
  await sql`drop trigger listings_place_point on listings`.execute(db);
  await sql`drop function listings_place_point()`.execute(db);
  await sql`alter table listings drop column place_point`.execute(db);
  await sql`drop function sphere_point(double precision, double precision)`.execute(db);
  await sql`alter table cities drop constraint cities_centre_both_or_none, drop column latitude, drop column longitude`.execute(
    db,
  );
}
