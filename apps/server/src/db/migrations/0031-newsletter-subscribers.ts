import { sql, type Kysely } from 'kysely';

/**
 * The newsletter's list (issue 31, decision 037): one row per e-mail address (lower-cased), in the
 * language its issues go out in. Pending until the address's owner follows the confirmation link
 * (only its SHA-256 is kept, with its expiry); only confirmed rows are on the list. A row whose
 * address is a user's links to them: their "News and offers" e-mail switch reads and writes it.
 * The switches already turned on by verified users carry over as confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table newsletter_subscribers (
    id serial primary key,
    email varchar(255) not null unique check (email = lower(email)),
    locale varchar(5) not null check (locale in ('en', 'ar')),
    status varchar(12) not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
    user_id integer unique references users (id) on delete set null,
    confirmation_token_hash varchar(64) unique,
    confirmation_expires_at timestamptz,
    confirmed_at timestamptz,
    unsubscribed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((confirmation_token_hash is null) = (confirmation_expires_at is null))
  )`.execute(db);
  await sql`create index newsletter_subscribers_confirmed on newsletter_subscribers (id) where status = 'confirmed'`.execute(
    db,
  );
  await sql`insert into newsletter_subscribers (email, locale, status, user_id, confirmed_at)
    select lower(users.email), case when users.locale = 'ar' then 'ar' else 'en' end, 'confirmed', users.id, now()
    from notification_settings
    join users on users.id = notification_settings.user_id
    where notification_settings.category = 'news' and notification_settings.channel = 'email'
      and notification_settings.enabled and users.email_verified_at is not null
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table newsletter_subscribers`.execute(db);
}
